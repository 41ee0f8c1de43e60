import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, client, createEngineApp } from './engine/setup';
import { multipart } from './helpers';

// A client built for the original system (vue-element-admin's request layer) sends forms where the console
// sends JSON: the token of get_current_user_info in a form body, an empty form on the calls that take no body,
// `page` and `limit` on lists, and a PUT without the `version` it never read. Each is accepted as such a client
// sends it; what the routes refuse otherwise stays refused.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let n = 0;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

async function createUser() {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/user_manager',
    body: { account: `legacy_${n}`, password: 'Secret12345', email: `legacy${n}@example.com` },
  });
  if (res.status !== 200) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content as { id: number; version: number; status: string };
}

const EMPTY_URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' };

async function emptyMultipart() {
  return multipart({});
}

async function post(url: string, payload: string | Buffer, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, 'x-token': t.token },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('get_current_user_info with the token in the body', () => {
  it('reads the token from a multipart form, a URL-encoded form and JSON, without the header', async () => {
    const form = await multipart({ token: t.token });
    const bodies = [
      { payload: form.payload, headers: form.headers },
      { payload: `token=${encodeURIComponent(t.token)}`, headers: EMPTY_URLENCODED },
      { payload: JSON.stringify({ token: t.token }), headers: { 'content-type': 'application/json' } },
    ];
    for (const { payload, headers } of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/get_current_user_info',
        payload,
        headers,
      });
      expect(res.statusCode, `${headers['content-type']}: ${res.body}`).toBe(200);
      expect(res.json().content).toMatchObject({ account: 'admin', type: 'admin' });
    }
  });

  it('refuses a wrong token in the body, and a body without any token, as a signed-out call', async () => {
    const wrong = await multipart({ token: 'not-a-token' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      payload: wrong.payload,
      headers: wrong.headers,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().success).toBe(false);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      payload: '',
      headers: EMPTY_URLENCODED,
    });
    expect(none.statusCode).toBe(401);
  });

  it('still reads the header token, which wins over a body token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      payload: { token: 'not-a-token' },
      headers: { 'x-token': t.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.account).toBe('admin');
  });
});

describe('calls without a body, sent with an empty form', () => {
  it('disables and enables a user, resets its password, sends its activation mail and reads its interests', async () => {
    const user = await createUser();
    const form = await emptyMultipart();
    const disabled = await post(`/api/user_manager/disable/${user.id}`, form.payload, form.headers);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await call({ method: 'GET', url: `/api/user_manager/${user.id}` })).body.content.status).toBe(
      'disabled',
    );
    const enabled = await post(`/api/user_manager/enable/${user.id}`, '', EMPTY_URLENCODED);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect((await call({ method: 'GET', url: `/api/user_manager/${user.id}` })).body.content.status).toBe(
      'enabled',
    );
    for (const path of ['reset_password', 'send_active_email', 'get_user_interest']) {
      const multi = await post(`/api/user_manager/${path}/${user.id}`, form.payload, form.headers);
      expect(multi.status, `${path} multipart: ${JSON.stringify(multi.body)}`).toBe(200);
      const encoded = await post(`/api/user_manager/${path}/${user.id}`, '', EMPTY_URLENCODED);
      expect(encoded.status, `${path} urlencoded: ${JSON.stringify(encoded.body)}`).toBe(200);
    }
  });

  it('runs an engine action on an empty form', async () => {
    const tag = await call({ method: 'POST', url: '/api/company_tag', body: { name: 'Empty form tag' } });
    const form = await emptyMultipart();
    const res = await post(`/api/company_tag/disable/${tag.body.content.id}`, form.payload, form.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await call({ method: 'GET', url: `/api/company_tag/${tag.body.content.id}` });
    expect(read.body.content.status).toBe('disabled');
  });

  it('still refuses a form with fields, and an empty form on a batch route, and changes nothing', async () => {
    const tag = await call({ method: 'POST', url: '/api/company_tag', body: { name: 'Kept tag' } });
    const id = tag.body.content.id as number;
    const filled = await post(`/api/company_tag/disable/${id}`, 'reason=x', EMPTY_URLENCODED);
    expect(filled.status).toBe(415);
    const form = await emptyMultipart();
    for (const url of ['/api/company_tag/batch/disable', '/api/company_tag/batch/delete']) {
      const multi = await post(url, form.payload, form.headers);
      expect(multi.status, `${url}: ${JSON.stringify(multi.body)}`).toBeGreaterThanOrEqual(400);
      expect(multi.status).toBeLessThan(500);
      const encoded = await post(url, '', EMPTY_URLENCODED);
      expect(encoded.status, `${url}: ${JSON.stringify(encoded.body)}`).toBeGreaterThanOrEqual(400);
      expect(encoded.status).toBeLessThan(500);
    }
    const read = await call({ method: 'GET', url: `/api/company_tag/${id}` });
    expect(read.body.content).toMatchObject({ status: 'enabled', version: 1 });
  });
});

describe('list paging with page and limit', () => {
  it('takes limit as the page size, and refuses limit and size that disagree', async () => {
    for (let i = 0; i < 3; i++)
      await call({ method: 'POST', url: '/api/company_tag', body: { name: `Limit tag ${i}` } });
    const res = await call({ method: 'GET', url: '/api/company_tag/list?page=1&limit=2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.content.size).toBe(2);
    expect(res.body.content.list).toHaveLength(2);
    const users = await call({ method: 'GET', url: '/api/user_manager/list?page=1&limit=1' });
    expect(users.status, JSON.stringify(users.body)).toBe(200);
    expect(users.body.content.size).toBe(1);
    const same = await call({ method: 'GET', url: '/api/company_tag/list?page=1&limit=2&size=2' });
    expect(same.body.content.size).toBe(2);
    const clash = await call({ method: 'GET', url: '/api/company_tag/list?page=1&limit=2&size=10' });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(clash.body)).toContain('limit');
  });
});

describe('PUT without version', () => {
  it('writes, and the history says the write was not checked against a version', async () => {
    const user = await createUser();
    const put = await call({
      method: 'PUT',
      url: `/api/user_manager/${user.id}`,
      body: { nickname: 'No version' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = await call({ method: 'GET', url: `/api/user_manager/${user.id}` });
    expect(read.body.content).toMatchObject({ nickname: 'No version', version: 2 });
    const history = await call({ method: 'GET', url: `/api/user_manager/${user.id}/history` });
    expect(history.body.content[0]).toMatchObject({ version: 2, action: 'updateWithoutVersion' });
    expect(history.body.content[0].changes).toContainEqual({
      field: 'nickname',
      old: null,
      new: 'No version',
    });
  });

  it('still refuses a stale version with 409 and leaves the record as it was', async () => {
    const user = await createUser();
    await call({
      method: 'PUT',
      url: `/api/user_manager/${user.id}`,
      body: { version: 1, nickname: 'First' },
    });
    const stale = await call({
      method: 'PUT',
      url: `/api/user_manager/${user.id}`,
      body: { version: 1, nickname: 'Second' },
    });
    expect(stale.status).toBe(409);
    const read = await call({ method: 'GET', url: `/api/user_manager/${user.id}` });
    expect(read.body.content).toMatchObject({ nickname: 'First', version: 2 });
    const history = await call({ method: 'GET', url: `/api/user_manager/${user.id}/history` });
    expect(history.body.content[0].action).toBe('update');
  });
});
