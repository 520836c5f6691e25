// npm run enquiries:resend: sends the dead letters again (docs/operations.md). Run it where the site runs, with its
// environment (DATA_DIR, REDIS_URL), once the cause is fixed: a wrong MAIL_TO, a mailbox that was full.
//   npm run enquiries:resend            every dead letter
//   npm run enquiries:resend -- <id>…   only these enquiries
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig, readRedisUrl } from "../server/config.ts";
import type { OutboxRecord } from "../server/enquiries/outbox.ts";
import { addToStream, queueKeys } from "../server/enquiries/redis-stream.ts";
import { createLogger } from "../server/http/logging.ts";
import { openRedis, redisReady } from "../server/redis.ts";

const only = new Set(process.argv.slice(2));
const wanted = (id: string) => only.size === 0 || only.has(id);

/**
 * Ready to be tried again: to the recipients it still has to reach (all of MAIL_TO, or those refused), with the
 * dead-letter reason as its last error, the counts started over, and the same Message-ID.
 */
function revived(record: OutboxRecord): OutboxRecord {
  const { deadReason: _reason, deadAt: _at, unconfirmed: _unconfirmed, refusedForGood: _refused, ...rest } = record;
  return { ...rest, lastError: record.deadReason };
}

async function main() {
  const config = loadConfig(process.env);
  let resent = 0;

  // This instance's outbox: dead/ back to pending/, picked up when the site next starts.
  const outbox = path.join(config.DATA_DIR, "outbox");
  const dead = path.join(outbox, "dead");
  const names = await readdir(dead).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith(".json"))) {
    const id = name.replace(/\.json$/, "");
    if (!wanted(id)) continue;
    const record = JSON.parse(await readFile(path.join(dead, name), "utf8")) as OutboxRecord;
    await writeFile(path.join(dead, name), JSON.stringify(revived(record), null, 2));
    await rename(path.join(dead, name), path.join(outbox, "pending", name));
    resent++;
    console.log(`${id}: back in ${path.join(outbox, "pending")} (sent at the site's next start)`);
  }

  // The shared queue's dead letters: back on the stream, where every instance delivers them at once.
  const redisUrl = await readRedisUrl(config);
  if (redisUrl) {
    const redis = openRedis(redisUrl, createLogger("warn"));
    try {
      await redisReady(redis);
      const { deadStream } = queueKeys();
      for (const entry of (await redis.xRange(deadStream, "-", "+")) ?? []) {
        // Refused before any mail (not an enquiry the site accepted): kept for a look, never sent.
        if (entry.message.reason) {
          console.log(`${entry.message.id}: left in the dead letters (${entry.message.reason})`);
          continue;
        }
        const record = JSON.parse(String(entry.message.record)) as OutboxRecord;
        if (!wanted(record.id)) continue;
        await addToStream(redis.multi(), revived(record)).xDel(deadStream, entry.id).exec();
        resent++;
        console.log(`${record.id}: back on the shared queue`);
      }
    } finally {
      redis.destroy();
    }
  }
  console.log(resent === 0 ? "No dead letters to send." : `${resent} sent back to be delivered.`);
}

await main();
