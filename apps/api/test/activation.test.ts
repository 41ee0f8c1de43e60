import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLog } from '../src/db/schema';
import { type Call, client, createEngineApp } from './engine/setup';

// Activation mail sent through SMTP (a small SMTP server on loopback receives it): the link names the configured
// public address whatever Host the request claims, opening it activates nothing (the console's page activates
// on a button press, a POST), a new mail or a changed email withdraws the earlier links, and the mail log keeps
// no working link.

const PUBLIC_URL = 'https://console.example.com';

type Smtp = { url: string; messages: string[]; close: () => Promise<void> };

/** Enough of an SMTP server to receive mail: every command is accepted, each message's text is kept. */
async function smtpServer(): Promise<Smtp> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const command = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (command === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A received message's text, quoted-printable undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

let smtp: Smtp;
let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let n = 0;

beforeAll(async () => {
  smtp = await smtpServer();
  t = await createEngineApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  call = client(t.app, t.token);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function createUser() {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/user_manager',
    body: { account: `act_${n}`, password: 'Secret12345', email: `act${n}@example.com` },
  });
  if (res.status !== 200) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content as { id: number; account: string; email: string };
}

/** Sends the activation mail with a forged Host header; the token of the link the mail carries. */
async function sendMail(userId: number) {
  const before = smtp.messages.length;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/user_manager/send_active_email/${userId}`,
    headers: { host: 'evil.example', 'x-token': t.token },
  });
  expect(res.json()).toMatchObject({ success: true, content: { status: 'sent' } });
  expect(smtp.messages).toHaveLength(before + 1);
  const text = decoded(smtp.messages.at(-1)!);
  expect(text).not.toContain('evil.example');
  const token = /https:\/\/console\.example\.com\/activate\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token).toBeDefined();
  return { token: token!, mailId: res.json().content.mailId as number };
}

const activate = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/user_manager/activate', payload: { token } });

const activatedAt = async (id: number) =>
  (await call({ method: 'GET', url: `/api/user_manager/${id}` })).body.content.activatedAt;

describe('activation links', () => {
  it('name the configured public address, whatever Host the request claims; the mail log keeps no token', async () => {
    const user = await createUser();
    const { token, mailId } = await sendMail(user.id);
    const [logged] = await t.db.select().from(mailLog).where(eq(mailLog.id, mailId));
    expect(logged!.body).toContain(`${PUBLIC_URL}/activate?token=******`);
    expect(logged!.html).toContain(`${PUBLIC_URL}/activate?token=******`);
    expect(`${logged!.body}${logged!.html}`).not.toContain(token);
  });

  it('activate nothing when opened; the page activates on its button press (a POST), once', async () => {
    const user = await createUser();
    const { token } = await sendMail(user.id);
    // a scanner that follows an old API link lands on the page and activates nothing
    const opened = await t.app.inject({ method: 'GET', url: `/api/user_manager/activate?token=${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/activate?token=${token}`);
    expect(await activatedAt(user.id)).toBeNull();

    const pressed = await activate(token);
    expect(pressed.json()).toMatchObject({ success: true, content: { account: user.account } });
    expect(await activatedAt(user.id)).not.toBeNull();
    const again = await activate(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().content.errors[0].path).toBe('token');
  });

  it('stop working when a new mail is sent or the email changes', async () => {
    const user = await createUser();
    const first = await sendMail(user.id);
    const second = await sendMail(user.id);
    expect((await activate(first.token)).statusCode).toBe(400);

    const read = await call({ method: 'GET', url: `/api/user_manager/${user.id}` });
    const edited = await call({
      method: 'PUT',
      url: `/api/user_manager/${user.id}`,
      body: { version: read.body.content.version, email: `changed${n}@example.com` },
    });
    expect(edited.status).toBe(200);
    const refused = await activate(second.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().content.errors[0].message).toBe('The link is not valid, already used or expired');
    expect(await activatedAt(user.id)).toBeNull();
  });
});
