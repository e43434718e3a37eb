import net from 'node:net';

export interface SmtpSink {
  port: number;
  /** Raw DATA of every message received, headers and body. */
  messages: string[];
  /** The envelope recipients (RCPT TO) of each message, in the order of `messages`. */
  recipients: string[][];
  close(): Promise<void>;
}

/**
 * Just enough SMTP to receive messages: what nodemailer needs, nothing more. `acceptDelayMs` holds each message's
 * "250 queued" back (a slow server: the chaos run kills workers while messages are in flight).
 */
export function startSmtpSink(options: { acceptDelayMs?: number } = {}): Promise<SmtpSink> {
  const messages: string[] = [];
  const recipients: string[][] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let envelope: string[] = [];
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          recipients.push(envelope);
          envelope = [];
          buffer = buffer.slice(end + 5);
          inData = false;
          if (options.acceptDelayMs) setTimeout(() => socket.writable && socket.write('250 queued\r\n'), options.acceptDelayMs);
          else socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'RCPT') {
          envelope.push(line.slice(line.indexOf(':') + 1).trim());
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, messages, recipients, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
