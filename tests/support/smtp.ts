import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients, as the SMTP conversation gave them (RCPT TO). */
  recipients: string[];
  raw: string;
}

function reply(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * A real SMTP server (on 127.0.0.1 unless told otherwise) that keeps what it receives, and misbehaves on demand
 * the ways real ones do:
 * - `stalling`: takes a message's data but never answers, like a server that hangs mid-delivery;
 * - `swallowing`: keeps the message but never confirms it (a crash between send and acknowledge);
 * - `dropAfterStore`: keeps the message, then drops the connection without answering its end;
 * - `endDelayMs`: keeps the message and answers its end only after this long (a slow content scanner);
 * - `connectReply`: answers every new connection with this code (421: busy, try later);
 * - `refuse`: answers RCPT TO for these addresses with the given code (550: no such mailbox; 450: try later).
 */
export async function startSmtp(port = 0, host = "127.0.0.1") {
  const received: ReceivedMail[] = [];
  /** `stalled` counts the messages taken and left unanswered while stalling. */
  const state = {
    stalling: false,
    swallowing: false,
    stalled: 0,
    dropAfterStore: false,
    endDelayMs: 0,
    connectReply: 0,
    refuse: {} as Record<string, number>,
  };
  const server: SMTPServer = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (state.connectReply) callback(reply(state.connectReply, "Service not available, try again later"));
      else callback();
    },
    onRcptTo(address, _session, callback) {
      const code = state.refuse[address.address.toLowerCase()];
      if (code) callback(reply(code, code >= 500 ? "No such mailbox here" : "Mailbox busy, try later"));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.stalling) {
          state.stalled += 1;
          return;
        }
        received.push({
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        if (state.dropAfterStore) {
          dropConnection(session.id);
          return;
        }
        if (state.swallowing) return;
        if (state.endDelayMs > 0) setTimeout(() => callback(), state.endDelayMs);
        else callback();
      });
    },
  });
  /** Closes one session's connection at once, as a server that crashed would. */
  function dropConnection(id: string) {
    const connections = (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> })
      .connections;
    for (const connection of connections) if (connection.id === id) connection._socket.destroy();
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** A port nothing listens on (yet): for an SMTP server that is down. */
export { freePort } from "./system.ts";

/** A received message, read the way a mail client would: headers (unfolded), plain text and HTML parts. */
export interface ParsedMail {
  header(name: string): string | undefined;
  headerNames: string[];
  text: string;
  html: string;
}

export function parseMail(raw: string): ParsedMail {
  const [head, body] = splitHead(raw);
  const headers = readHeaders(head);
  const parts: Record<string, string> = {};
  collectParts(headers, body, parts);
  return {
    header: (name) => headers.get(name.toLowerCase()),
    headerNames: [...headers.keys()],
    text: parts["text/plain"] ?? "",
    html: parts["text/html"] ?? "",
  };
}

function splitHead(raw: string): [string, string] {
  const at = raw.indexOf("\r\n\r\n");
  return at === -1 ? [raw, ""] : [raw.slice(0, at), raw.slice(at + 4)];
}

function readHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function collectParts(headers: Map<string, string>, body: string, parts: Record<string, string>) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const [partHead, partBody] = splitHead(section.replace(/^\r\n/, ""));
      collectParts(readHeaders(partHead), partBody.replace(/\r\n$/, ""), parts);
    }
    return;
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const mime = type.split(";")[0]?.trim().toLowerCase() ?? "text/plain";
  parts[mime] = decodeBody(body, encoding).replace(/\r\n/g, "\n");
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
