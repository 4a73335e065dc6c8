import assert from 'node:assert/strict';
import { hash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { StoreContext } from '../src/context.ts';
import { MAX_FILE_BYTES } from '../src/domain/files/file-service.ts';
import { effectivePermissions } from '../src/domain/shared/permissions.ts';
import { isAppError } from '../src/errors.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES, multipart, type Part } from './helpers/images.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

describeEachDatabase('image uploads (POST /v1/files, GET /v1/files/{id})', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  function upload(headers: Record<string, string>, parts: Part[]) {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/v1/files', headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  const image = (content: Buffer, filename = 'picture', contentType = 'application/octet-stream'): Part => ({ name: 'file', filename, contentType, content });

  /** Every file under FILES_DIR (temporary ones included), relative to it. */
  async function filesOnDisk(): Promise<string[]> {
    const entries = await readdir(t.container.config.filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.relative(t.container.config.filesDir, path.join(e.parentPath, e.name))).sort();
  }
  async function rows(storeId: string): Promise<number> {
    const found = await t.container.db.kysely.selectFrom('files').select('id').where('store_id', '=', storeId).execute();
    return found.length;
  }
  /** Runs `refused`, and checks it wrote no row for the store and nothing on disk. */
  async function writesNothing(m: Merchant, refused: () => Promise<unknown>): Promise<void> {
    const [disk, count] = [await filesOnDisk(), await rows(m.storeId)];
    await refused();
    assert.deepEqual(await filesOnDisk(), disk, 'nothing on disk');
    assert.equal(await rows(m.storeId), count, 'no row');
  }

  async function staffOf(owner: Merchant): Promise<Merchant> {
    const person = await signup(t.app);
    const invite = await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: person.email, role: 'staff' } });
    assert.equal(invite.status, 201, invite.raw);
    await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: invite.body.data.token } });
    return { ...person, storeId: owner.storeId, auth: { ...person.auth, 'x-merchantid': owner.storeId } };
  }

  describe('uploading', () => {
    for (const [format, contentType] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      it(`stores a ${format} image and answers its id, url, type, size and dimensions`, async () => {
        const m = await signup(t.app);
        const bytes = IMAGES[format];
        const res = await upload(m.auth, [image(bytes, `shoe.${format}`, contentType)]);
        assert.equal(res.statusCode, 201, res.body);
        const { data } = res.json();
        assert.deepEqual(Object.keys(data).sort(), ['contentType', 'height', 'id', 'size', 'url', 'width']);
        assert.match(data.id, /^fil_[0-9A-Z]{26}$/);
        assert.equal(data.url, `${TEST_BASE_URL}/v1/files/${data.id}`);
        assert.equal(res.headers.location, data.url);
        assert.deepEqual({ contentType: data.contentType, size: data.size, width: data.width, height: data.height }, { contentType, size: bytes.length, width: 3, height: 2 });
        assert.ok((await filesOnDisk()).includes(path.join(m.storeId, data.id)), 'named by id under the store');
      });
    }

    it('reads the other WebP flavours (lossy VP8, lossless VP8L) too', async () => {
      const m = await signup(t.app);
      for (const bytes of [IMAGES.webpLossy1x1, IMAGES.webpLossless1x1]) {
        const res = await upload(m.auth, [image(bytes, 'x.webp', 'image/webp')]);
        assert.equal(res.statusCode, 201, res.body);
        assert.deepEqual([res.json().data.contentType, res.json().data.width, res.json().data.height], ['image/webp', 1, 1]);
      }
    });

    it('judges the type by the bytes: a PNG named .jpg and declared image/jpeg is image/png', async () => {
      const m = await signup(t.app);
      const res = await upload(m.auth, [image(IMAGES.png, 'holiday.jpg', 'image/jpeg')]);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().data.contentType, 'image/png');
      const served = await t.app.inject({ method: 'GET', url: `/v1/files/${res.json().data.id}`, headers: m.auth });
      assert.equal(served.headers['content-type'], 'image/png');
    });

    it('refuses a text file named .png and declared image/png with 415 naming file, writing nothing', async () => {
      const m = await signup(t.app);
      await writesNothing(m, async () => {
        const res = await upload(m.auth, [image(Buffer.from('just some text, honestly\n'), 'logo.png', 'image/png')]);
        assert.equal(res.statusCode, 415, res.body);
        const body = res.json();
        assert.equal(body.error.code, 'FILE_TYPE_NOT_SUPPORTED');
        assert.equal(body.error.details[0].path, 'file');
        assert.match(body.message, /logo\.png.*not a JPEG, PNG, WebP or GIF/);
      });
    });

    it('refuses other image formats and damaged images with 415, writing nothing', async () => {
      const m = await signup(t.app);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
      const truncatedPng = IMAGES.png.subarray(0, 20);
      const emptyFile = Buffer.alloc(0);
      for (const bytes of [svg, truncatedPng, emptyFile]) {
        await writesNothing(m, async () => {
          const res = await upload(m.auth, [image(bytes, 'x.png', 'image/png')]);
          assert.equal(res.statusCode, 415, res.body);
          assert.equal(res.json().error.code, 'FILE_TYPE_NOT_SUPPORTED');
        });
      }
    });

    it(`accepts exactly ${MAX_FILE_BYTES} bytes and refuses one more with 413 naming file, writing nothing`, async () => {
      const m = await signup(t.app);
      const atLimit = Buffer.alloc(MAX_FILE_BYTES);
      IMAGES.png.copy(atLimit); // a valid PNG header followed by padding
      const ok = await upload(m.auth, [image(atLimit, 'big.png')]);
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(ok.json().data.size, MAX_FILE_BYTES);

      const overLimit = Buffer.alloc(MAX_FILE_BYTES + 1);
      IMAGES.png.copy(overLimit);
      await writesNothing(m, async () => {
        const res = await upload(m.auth, [image(overLimit, 'bigger.png')]);
        assert.equal(res.statusCode, 413, res.body);
        assert.equal(res.json().error.code, 'FILE_TOO_LARGE');
        assert.equal(res.json().error.details[0].path, 'file');
        assert.match(res.json().message, /10 MiB/);
      });
      await writesNothing(m, async () => {
        // Far over the limit: refused from Content-Length before the body is read.
        const res = await upload(m.auth, [image(Buffer.alloc(MAX_FILE_BYTES * 2), 'huge.png')]);
        assert.equal(res.statusCode, 413, res.body);
        assert.equal(res.json().error.code, 'FILE_TOO_LARGE');
      });
    });

    it('refuses a request without a file part with 422 naming file', async () => {
      const m = await signup(t.app);
      await writesNothing(m, async () => {
        const res = await upload(m.auth, [{ name: 'file', content: 'not a file, a text field' }]);
        assert.equal(res.statusCode, 422, res.body);
        assert.equal(res.json().error.code, 'VALIDATION_FAILED');
        assert.deepEqual(
          res.json().error.details.map((d: { path: string }) => d.path),
          ['file'],
        );
        assert.match(res.json().error.details[0].rule, /multipart\/form-data file part named "file"/);
      });
      const empty = await upload(m.auth, []);
      assert.equal(empty.statusCode, 422, empty.body);
      assert.equal(empty.json().error.details[0].path, 'file');
    });

    it('refuses more than one file with 422 naming file, writing nothing', async () => {
      const m = await signup(t.app);
      for (const count of [2, 3, 5]) {
        await writesNothing(m, async () => {
          const parts = Array.from({ length: count }, () => image(IMAGES.png, 'a.png'));
          const res = await upload(m.auth, parts);
          assert.equal(res.statusCode, 422, res.body);
          assert.equal(res.json().error.details[0].path, 'file');
          assert.match(res.json().error.details[0].rule, /exactly one file/);
        });
      }
    });

    it('refuses a file part under another name with 422 naming that part and file', async () => {
      const m = await signup(t.app);
      await writesNothing(m, async () => {
        const res = await upload(m.auth, [{ name: 'image', filename: 'a.png', content: IMAGES.png }]);
        assert.equal(res.statusCode, 422, res.body);
        assert.deepEqual(res.json().error.details.map((d: { path: string }) => d.path), ['image', 'file']);
      });
    });

    it('refuses a body that is not multipart with 415, and a broken multipart body with 400', async () => {
      const m = await signup(t.app);
      await writesNothing(m, async () => {
        const json = await call('POST', '/v1/files', { headers: m.auth, body: { file: 'aGVsbG8=' } });
        assert.equal(json.status, 415, json.raw);
        assert.equal(json.body.error.code, 'UNSUPPORTED_MEDIA_TYPE');
        assert.match(json.body.message, /multipart\/form-data/);
        const text = await t.app.inject({ method: 'POST', url: '/v1/files', headers: { ...m.auth, 'content-type': 'image/png' }, payload: IMAGES.png });
        assert.equal(text.statusCode, 415, text.body);
        assert.match(text.json().message, /Send multipart\/form-data/);
        const whole = multipart([image(IMAGES.png)]);
        const truncated = await t.app.inject({
          method: 'POST',
          url: '/v1/files',
          headers: { ...m.auth, ...whole.headers },
          payload: whole.payload.subarray(0, whole.payload.length - 30),
        });
        assert.equal(truncated.statusCode, 400, truncated.body);
        assert.equal(truncated.json().error.code, 'BAD_REQUEST');
      });
    });

    it('records the upload in the audit log', async () => {
      const m = await signup(t.app);
      const res = await upload(m.auth, [image(IMAGES.gif, 'C:\\fakepath\\tiny.gif')]);
      const id = res.json().data.id;
      const log = await call('GET', '/v1/audit-logs', { headers: m.auth });
      const entry = log.body.data[0];
      assert.equal(entry.action, 'file.upload');
      assert.equal(entry.targetType, 'file');
      assert.equal(entry.targetId, id);
      assert.equal(entry.actor.id, m.userId);
      assert.deepEqual(entry.details, { contentType: 'image/gif', size: IMAGES.gif.length, width: 3, height: 2, originalName: 'tiny.gif' });
      const row = await t.container.db.kysely.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.sha256, hash('sha256', IMAGES.gif, 'hex'));
      assert.equal(row.original_name, 'tiny.gif');
      assert.equal(row.created_by, m.userId);
      assert.equal(row.mode, 'live');
    });
  });

  describe('serving', () => {
    it('serves the exact bytes with the stored type, nosniff and a strong ETag of the bytes; If-None-Match gives 304', async () => {
      const m = await signup(t.app);
      const id = (await upload(m.auth, [image(IMAGES.webp, 'x.webp')])).json().data.id;
      const res = await t.app.inject({ method: 'GET', url: `/v1/files/${id}`, headers: m.auth });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.rawPayload, IMAGES.webp);
      assert.equal(res.headers['content-type'], 'image/webp');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['content-length'], String(IMAGES.webp.length));
      assert.equal(res.headers.etag, `"${hash('sha256', res.rawPayload, 'base64url')}"`);
      assert.equal(res.headers['cache-control'], 'no-cache, private');

      const again = await t.app.inject({ method: 'GET', url: `/v1/files/${id}`, headers: { ...m.auth, 'if-none-match': String(res.headers.etag) } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, res.headers.etag);
      assert.equal(again.headers['content-type'], undefined);

      const head = await t.app.inject({ method: 'HEAD', url: `/v1/files/${id}`, headers: m.auth });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
      assert.equal(head.headers.etag, res.headers.etag);
      assert.equal(head.headers['content-length'], String(IMAGES.webp.length));
    });

    it("answers another store's file, the other mode's and an unknown id with 404, the same way", async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const id = (await upload(a.auth, [image(IMAGES.png)])).json().data.id;
      const other = await call('GET', `/v1/files/${id}`, { headers: b.auth });
      assert.equal(other.status, 404);
      assert.equal(other.body.error.code, 'FILE_NOT_FOUND');
      const testMode = await call('GET', `/v1/files/${id}`, { headers: { ...a.auth, 'x-mode': 'test' } });
      assert.equal(testMode.status, 404);
      const unknown = await call('GET', '/v1/files/fil_01M80SVF498ZGY074CQ2AQD13P', { headers: b.auth });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.message.replace(/"[^"]+"/, ''), other.body.message.replace(/"[^"]+"/, ''));
      assert.equal((await call('GET', `/v1/files/${id}`, { headers: a.auth })).status, 200, 'still there for its owner');
    });
  });

  describe('access', () => {
    it('needs a credential', async () => {
      const res = await upload({}, [image(IMAGES.png)]);
      assert.equal(res.statusCode, 401);
      assert.equal((await call('GET', '/v1/files/fil_01M80SVF498ZGY074CQ2AQD13P')).status, 401);
    });

    it('refuses uploads without products:write with 403, writing nothing; products:read may view', async () => {
      const owner = await signup(t.app);
      const id = (await upload(owner.auth, [image(IMAGES.jpeg)])).json().data.id;
      const staff = await staffOf(owner);
      await writesNothing(owner, async () => {
        const res = await upload(staff.auth, [image(IMAGES.png)]);
        assert.equal(res.statusCode, 403, res.body);
        assert.equal(res.json().error.code, 'PERMISSION_DENIED');
        assert.match(res.json().message, /products:write/);
      });
      assert.equal((await call('GET', `/v1/files/${id}`, { headers: staff.auth })).status, 200, 'staff have products:read');

      const ordersOnly = await createApiKey(t.app, owner, { permissions: ['orders:read'] });
      const denied = await call('GET', `/v1/files/${id}`, { headers: { 'x-merchantapikey': ordersOnly.key } });
      assert.equal(denied.status, 403);
      assert.match(denied.body.message, /products:read/);
      const writer = await createApiKey(t.app, owner, { permissions: ['products:write'] });
      const viaKey = await upload({ 'x-merchantapikey': writer.key }, [image(IMAGES.gif)]);
      assert.equal(viaKey.statusCode, 201, viaKey.body);
    });
  });

  describe('files as references', () => {
    it('accepts a logo that is an image of the same store, and refuses any other with 422 naming logoFileId', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const mine = (await upload(a.auth, [image(IMAGES.png)])).json().data.id;
      const theirs = (await upload(b.auth, [image(IMAGES.png)])).json().data.id;
      const testModeFile = (await upload({ ...a.auth, 'x-mode': 'test' }, [image(IMAGES.png)])).json().data.id;

      const set = await call('PATCH', '/v1/merchants/profile/business', { headers: a.auth, body: { logoFileId: mine } });
      assert.equal(set.status, 200, set.raw);
      assert.equal(set.body.data.logoFileId, mine);

      for (const refused of [theirs, testModeFile, 'fil_01M80SVF498ZGY074CQ2AQD13P']) {
        const res = await call('PATCH', '/v1/merchants/profile/business', { headers: a.auth, body: { logoFileId: refused } });
        assert.equal(res.status, 422, res.raw);
        assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path), ['logoFileId']);
      }
      assert.equal((await call('GET', '/v1/merchants/profile/business', { headers: a.auth })).body.data.logoFileId, mine, 'unchanged');
      const cleared = await call('PATCH', '/v1/merchants/profile/business', { headers: a.auth, body: { logoFileId: null } });
      assert.equal(cleared.body.data.logoFileId, null);
    });

    it('gives other services requireImage(ctx, fileId, field) and imageExists(storeId, mode, fileId): an image of the same store and mode', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const mine = (await upload(a.auth, [image(IMAGES.png)])).json().data.id;
      const theirs = (await upload(b.auth, [image(IMAGES.png)])).json().data.id;
      const ctx: StoreContext = {
        requestId: 'test',
        now: new Date(),
        actor: { type: 'user', id: a.userId, label: a.email, userId: a.userId },
        credential: 'session',
        tenant: { storeId: a.storeId, mode: 'live' },
        role: 'owner',
        permissions: effectivePermissions('owner', null),
      };
      const { files } = t.container.services;
      await files.requireImage(ctx, mine);
      await assert.rejects(files.requireImage(ctx, theirs, 'variantGroups[0].image'), (error: unknown) => {
        assert.ok(isAppError(error));
        assert.equal(error.status, 422);
        assert.deepEqual(error.details.map((d) => d.path), ['variantGroups[0].image']);
        return true;
      });
      await assert.rejects(files.requireImage({ ...ctx, tenant: { storeId: a.storeId, mode: 'test' } }, mine), /image/);
      assert.equal(await files.imageExists({ storeId: a.storeId, mode: 'live' }, mine), true);
      assert.equal(await files.imageExists({ storeId: a.storeId, mode: 'live' }, theirs), false);
      assert.equal(await files.imageExists({ storeId: a.storeId, mode: 'test' }, mine), false);
    });
  });
});
