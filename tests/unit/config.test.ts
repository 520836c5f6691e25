import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, readSecrets, type TrustProxy } from "../../server/config.ts";

describe("loadConfig", () => {
  it("runs with no environment at all, on the embedded defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.CONTENT_SOURCE).toBe("local");
    expect(config.CONTACT_RATE_LIMIT).toBe(5);
    expect(config.CONTENT_RATE_LIMIT).toBe(300);
    expect(config.FORM_SECRET).toBeUndefined();
  });

  it("names the variable and the problem in one line", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(/^Invalid environment variable PORT \("eighty"\): /);
    expect(() => loadConfig({ SMTP_URL: "http://mail" })).toThrowError(/SMTP_URL/);
  });

  it("chooses Contentful when its credentials are set, and refuses it without them", () => {
    expect(loadConfig({ CONTENTFUL_SPACE_ID: "s", CONTENTFUL_ACCESS_TOKEN: "t" }).CONTENT_SOURCE).toBe("contentful");
    expect(() => loadConfig({ CONTENT_SOURCE: "contentful" })).toThrowError(/CONTENT_SOURCE/);
  });

  it("never prints a secret's value, nor the credentials in a URL, when it refuses one", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      throw new Error(`${Object.keys(env).join()} was accepted`);
    };
    const refused = "Invalid environment variable";
    expect(refusal({ SMTP_URL: "smtp://user:hunter2@mail.example:99999" })).toBe(
      `${refused} SMTP_URL ("smtp://[redacted]@mail.example:99999"): Invalid URL`,
    );
    // Too broken to find its credentials: the value is left out altogether.
    expect(refusal({ SMTP_URL: "smtps//user:hunter2@mail.example" })).toBe(`${refused} SMTP_URL: Invalid URL`);
    expect(refusal({ REDIS_URL: "redis://:hun@ter2@redis:port" })).toBe(
      `${refused} REDIS_URL ("redis://[redacted]@redis:port"): Invalid URL`,
    );
    expect(refusal({ FRONT_CACHE_URLS: "ftp://purger:hunter2@varnish" })).toBe(
      `${refused} FRONT_CACHE_URLS ("ftp://[redacted]@varnish"): "ftp://[redacted]@varnish" is not an http(s) URL`,
    );
    expect(refusal({ FORM_SECRET: "hunter2-short" })).toBe(`${refused} FORM_SECRET: must be at least 16 characters`);
    expect(refusal({ PREVIEW_SECRET: "hunter2" })).toBe(`${refused} PREVIEW_SECRET: must be at least 16 characters`);
    expect(refusal({ CONTENTFUL_WEBHOOK_SIGNING_SECRET: "hunter2" })).toBe(
      `${refused} CONTENTFUL_WEBHOOK_SIGNING_SECRET: must be the 64-character signing secret Contentful shows`,
    );
  });
});

/** Who may speak for the client in X-Forwarded-For, -Host and -Proto: Express's syntax, compiled once. */
describe("TRUST_PROXY", () => {
  /** The check Express compiles from the setting, as it reads req.ip, req.host and req.protocol. */
  const trust = (value: string) => {
    const app = express();
    app.set("trust proxy", loadConfig({ TRUST_PROXY: value }).TRUST_PROXY);
    return app.get("trust proxy fn") as TrustProxy;
  };

  it("takes true, false or a hop count as before", () => {
    expect(trust("true")("203.0.113.9", 5)).toBe(true);
    expect(trust("false")("127.0.0.1", 0)).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect([0, 1, 2].map((hop) => trust("2")("203.0.113.9", hop))).toEqual([true, true, false]);
  });

  it("takes addresses, ranges and Express's names, alone or in a comma list", () => {
    expect(trust("loopback")("127.0.0.1", 0)).toBe(true);
    expect(trust("loopback")("::1", 0)).toBe(true);
    expect(trust("127.0.0.1/8")("127.0.0.9", 0)).toBe(true);
    expect(trust("127.0.0.1/8")("10.1.2.3", 0)).toBe(false);
    const ingress = trust(" 10.0.0.0/8 , 192.168.1.5,fd00::/8 ");
    expect(["10.244.3.7", "192.168.1.5", "fd00::1", "::ffff:10.0.0.1"].map((address) => ingress(address, 0))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["192.168.1.6", "203.0.113.9", "127.0.0.1"].map((address) => ingress(address, 0))).toEqual([
      false,
      false,
      false,
    ]);
    expect(trust("uniquelocal")("172.20.0.4", 0)).toBe(true);
  });

  it("stops the start with one line naming what it cannot read", () => {
    for (const value of ["lookback", "10.0.0.0/33", "10.0.0.0/8,,loopback", "10.0.0.0/8 192.168.0.0/16"]) {
      expect(() => trust(value), value).toThrowError(
        /^Invalid environment variable TRUST_PROXY \(.*\): ".*" is not an address, a range such as 10\.0\.0\.0\/8, or loopback, linklocal or uniquelocal$/,
      );
    }
  });
});

/** Draft preview and webhook signing settings. */

const contentful = { CONTENTFUL_SPACE_ID: "s", CONTENTFUL_ACCESS_TOKEN: "t" };
const secret = "a-preview-secret-long-enough";

describe("preview and webhook settings", () => {
  it("turns preview on with PREVIEW_SECRET, and for Contentful only with a preview token too", () => {
    expect(loadConfig({}).previewEnabled).toBe(false);
    expect(loadConfig({ PREVIEW_SECRET: secret }).previewEnabled).toBe(true);
    expect(loadConfig({ ...contentful, PREVIEW_SECRET: secret }).previewEnabled).toBe(false);
    expect(loadConfig({ ...contentful, PREVIEW_SECRET: secret, CONTENTFUL_PREVIEW_TOKEN: "p" }).previewEnabled).toBe(
      true,
    );
    expect(loadConfig({}).CONTENTFUL_PREVIEW_HOST).toBe("preview.contentful.com");
  });

  it("refuses a short preview secret or a signing secret that is not Contentful's 64 characters", () => {
    expect(() => loadConfig({ PREVIEW_SECRET: "short" })).toThrowError(/^Invalid environment variable PREVIEW_SECRET/);
    expect(() => loadConfig({ CONTENTFUL_WEBHOOK_SIGNING_SECRET: "x".repeat(63) })).toThrowError(
      /CONTENTFUL_WEBHOOK_SIGNING_SECRET.*64/,
    );
    expect(
      loadConfig({ CONTENTFUL_WEBHOOK_SIGNING_SECRET: "x".repeat(64) }).CONTENTFUL_WEBHOOK_SIGNING_SECRET,
    ).toHaveLength(64);
    expect(loadConfig({ PREVIEW_SECRET: "" }).previewEnabled).toBe(false);
  });
});

/** Who may frame a preview and talk to the live preview SDK. */
describe("LIVE_PREVIEW_ORIGINS", () => {
  it("defaults to Contentful's web app in both regions and takes a comma-separated list of origins", () => {
    expect(loadConfig({}).LIVE_PREVIEW_ORIGINS).toEqual([
      "https://app.contentful.com",
      "https://app.eu.contentful.com",
    ]);
    expect(loadConfig({ LIVE_PREVIEW_ORIGINS: "" }).LIVE_PREVIEW_ORIGINS).toHaveLength(2);
    expect(
      loadConfig({ LIVE_PREVIEW_ORIGINS: " https://app.eu.contentful.com , http://127.0.0.1:6173" })
        .LIVE_PREVIEW_ORIGINS,
    ).toEqual(["https://app.eu.contentful.com", "http://127.0.0.1:6173"]);
  });

  it("stops the start with one line for anything but an https origin (or http on this machine)", () => {
    for (const value of [
      "http://app.contentful.com",
      "https://app.contentful.com/",
      "https://app.contentful.com/spaces",
      "app.contentful.com",
      "https://app.contentful.com,,https://app.eu.contentful.com",
      "*",
    ]) {
      expect(() => loadConfig({ LIVE_PREVIEW_ORIGINS: value }), value).toThrowError(
        /^Invalid environment variable LIVE_PREVIEW_ORIGINS \(.*\): .* is not an origin such as https:\/\/app\.contentful\.com[^\n]*$/,
      );
    }
  });
});

describe("secrets kept in files", () => {
  const folder = () => mkdtempSync(path.join(tmpdir(), "site-secrets-"));

  it("makes FORM_SECRET once per data folder, readable by its owner only, and every start reads the same", async () => {
    const dir = folder();
    const config = loadConfig({ DATA_DIR: dir });
    const starts = await Promise.all([1, 2, 3, 4].map(() => readSecrets(config)));
    const secrets = new Set(starts.map((secrets) => secrets.formSecret));
    expect(secrets.size).toBe(1);
    expect([...secrets][0]).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dir, "form-secret")).mode & 0o777).toBe(0o600);
    expect((await readSecrets(config)).formSecret).toBe([...secrets][0]);
  });

  it("takes FORM_SECRET as given, or from FORM_SECRET_FILE, and never makes one then", async () => {
    const dir = folder();
    const given = "a-form-secret-from-the-environment";
    expect((await readSecrets(loadConfig({ DATA_DIR: dir, FORM_SECRET: given }))).formSecret).toBe(given);
    const file = path.join(dir, "mounted-secret");
    writeFileSync(file, "a-form-secret-from-a-mounted-file\n");
    expect((await readSecrets(loadConfig({ DATA_DIR: dir, FORM_SECRET_FILE: file }))).formSecret).toBe(
      "a-form-secret-from-a-mounted-file",
    );
    expect(() => statSync(path.join(dir, "form-secret"))).toThrow(/ENOENT/);
    expect(() => loadConfig({ FORM_SECRET: given, FORM_SECRET_FILE: file })).toThrowError(/not both/);
  });

  it("names the variable and the file it cannot use, never what the file holds", async () => {
    const dir = folder();
    const missing = path.join(dir, "missing");
    await expect(readSecrets(loadConfig({ DATA_DIR: dir, FORM_SECRET_FILE: missing }))).rejects.toThrowError(
      new ConfigError(`Invalid environment variable FORM_SECRET_FILE: cannot read ${missing} (ENOENT)`),
    );
    const short = path.join(dir, "short");
    writeFileSync(short, "hunter2");
    const error = await readSecrets(loadConfig({ DATA_DIR: dir, FORM_SECRET_FILE: short })).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toMatch(/FORM_SECRET_FILE: .*short holds fewer than 16 characters/);
    expect(String(error)).not.toContain("hunter2");
  });

  it("puts the password from REDIS_PASSWORD_FILE into REDIS_URL, and refuses a second password", async () => {
    const dir = folder();
    const file = path.join(dir, "redis-password");
    writeFileSync(file, "p@ss/word:with%odd\n");
    const config = loadConfig({ DATA_DIR: dir, REDIS_URL: "rediss://redis:6380/2", REDIS_PASSWORD_FILE: file });
    const url = new URL((await readSecrets(config)).redisUrl ?? "");
    expect([url.protocol, url.host, url.pathname]).toEqual(["rediss:", "redis:6380", "/2"]);
    expect(decodeURIComponent(url.password)).toBe("p@ss/word:with%odd");
    expect((await readSecrets(loadConfig({ DATA_DIR: dir, REDIS_URL: "redis://:pw@redis:6379" }))).redisUrl).toBe(
      "redis://:pw@redis:6379",
    );
    expect(() => loadConfig({ REDIS_URL: "redis://:pw@redis:6379", REDIS_PASSWORD_FILE: file })).toThrowError(
      /REDIS_PASSWORD_FILE: REDIS_URL carries a password already/,
    );
  });
});
