import { Counter, Gauge, type Registry } from "prom-client";

// A gauge is read when /metrics is scraped, so nothing keeps it up to date between scrapes.

export function counter<Label extends string = never>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly Label[] = [],
): Counter<Label> {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** Undefined keeps the last value: the source could not be read. */
export function scrapedGauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | undefined | Promise<number | undefined>,
): Gauge {
  return new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const value = await read();
      if (value !== undefined) this.set(value);
    },
  });
}
