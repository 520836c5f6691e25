import { createServer, type ServerResponse } from "node:http";
import { parseMail, type ReceivedMail, startSmtp } from "../../tests/support/smtp.ts";

/**
 * A stand-in for Mailpit, for machines that cannot pull its image (scripts/container-check.sh builds it under
 * Mailpit's pinned tag): a real SMTP server on 1025 that keeps what it receives, and on 8025 the part of Mailpit's
 * HTTP API the check reads: GET /api/v1/messages (newest first), GET /api/v1/message/{ID}, /readyz and /livez.
 * `mailpit readyz` exits 0 when the API answers, like Mailpit's own command (the compose file's health check).
 */

const smtpPort = 1025;
const httpPort = 8025;

interface Address {
  Name: string;
  Address: string;
}

/** "Name <a@b>, c@d" as Mailpit lists addresses. */
function addresses(header: string | undefined): Address[] {
  if (!header) return [];
  return (header.match(/(?:"[^"]*"|[^,])+/g) ?? []).map((part) => {
    const angle = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(part);
    return angle ? { Name: angle[1] ?? "", Address: angle[2] ?? "" } : { Name: "", Address: part.trim() };
  });
}

function summary(mail: ReceivedMail, index: number) {
  const parsed = parseMail(mail.raw);
  return {
    ID: String(index + 1),
    MessageID: (parsed.header("message-id") ?? "").replace(/^<|>$/g, ""),
    From: addresses(parsed.header("from"))[0] ?? { Name: "", Address: "" },
    To: addresses(parsed.header("to")),
    ReplyTo: addresses(parsed.header("reply-to")),
    Subject: parsed.header("subject") ?? "",
    Size: Buffer.byteLength(mail.raw),
    Snippet: parsed.text.replace(/\s+/g, " ").trim().slice(0, 250),
    Text: parsed.text,
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function serve() {
  const smtp = await startSmtp(smtpPort, "0.0.0.0");
  const api = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://mailpit");
    if (req.method !== "GET") return send(res, 405, { Error: "only GET" });
    if (url.pathname === "/readyz" || url.pathname === "/livez") return res.writeHead(200).end("ok");
    if (url.pathname === "/api/v1/messages") {
      const messages = smtp.received.map(summary).reverse();
      return send(res, 200, {
        total: messages.length,
        count: messages.length,
        messages: messages.map(({ Text: _text, ...rest }) => rest),
      });
    }
    const one = /^\/api\/v1\/message\/(\d+)$/.exec(url.pathname);
    const mail = one ? smtp.received[Number(one[1]) - 1] : undefined;
    if (mail) return send(res, 200, summary(mail, Number(one?.[1]) - 1));
    send(res, 404, { Error: "not found" });
  });
  api.listen(httpPort, "0.0.0.0");
  const stop = () => api.close(() => smtp.close().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  console.log(`mailpit stand-in: SMTP on ${smtpPort}, HTTP API on ${httpPort}`);
}

if (process.argv[2] === "readyz") {
  const ok = await fetch(`http://127.0.0.1:${httpPort}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.ok,
    () => false,
  );
  process.exit(ok ? 0 : 1);
} else {
  await serve();
}
