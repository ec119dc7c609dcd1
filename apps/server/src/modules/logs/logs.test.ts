// System logs through the real app: nanosecond ts strings, newest first, paging, filtering, retention, no secrets.
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/shared-test-app.js';
import { createTestApp, withCookie } from '../../testing/test-app.js';

const t = sharedTestApp({ logRetention: { maxEntries: 200, maxWarningEntries: 50, maxAgeDays: 30 } });

interface Entry {
  ts: string;
  level: string;
  msg: string;
}
const getLogs = async (query: string, cookie = t.admin): Promise<Entry[]> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/system/logs${query}`, headers: withCookie(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /system/logs', () => {
  it('answers entries newest first with unique nanosecond ts strings', async () => {
    for (let i = 0; i < 5; i += 1) t.app.log.info(`ordering check ${i}`);
    const entries = await getLogs('?q=ordering%20check');
    expect(entries.map((e) => e.msg)).toEqual([4, 3, 2, 1, 0].map((i) => `ordering check ${i}`));
    for (const entry of entries) {
      expect(entry.ts).toMatch(/^\d{19}$/);
      expect(entry.level).toBe('info');
    }
    const values = entries.map((e) => BigInt(e.ts));
    for (let i = 1; i < values.length; i += 1) expect(values[i - 1]! > values[i]!).toBe(true);
    // Within a second of the wall clock: it is an epoch in nanoseconds, not a counter.
    expect(Number(values[0]! / 1_000_000n)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages with offset (or start) and limit', async () => {
    for (let i = 0; i < 10; i += 1) t.app.log.info(`paging-marker ${i}`);
    const page1 = await getLogs('?q=paging-marker&offset=0&limit=4');
    const page2 = await getLogs('?q=paging-marker&offset=4&limit=4');
    const page3 = await getLogs('?q=paging-marker&start=8&limit=4');
    expect([...page1, ...page2, ...page3].map((e) => e.msg)).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((i) => `paging-marker ${i}`),
    );
    expect(page3).toHaveLength(2);
  });

  it('filters by case-insensitive substring of level or message, wildcards taken literally', async () => {
    t.app.log.warn('Probe gateway slow');
    t.app.log.info('100% done_now');
    t.app.log.info('1000 done now');
    expect((await getLogs('?q=PROBE%20GATEWAY')).map((e) => e.msg)).toEqual(['Probe gateway slow']);
    expect((await getLogs('?q=WARN')).every((e) => e.level === 'warn' || e.msg.toLowerCase().includes('warn'))).toBe(true);
    expect((await getLogs('?q=WARN')).some((e) => e.msg === 'Probe gateway slow')).toBe(true);
    expect((await getLogs('?q=100%25%20done_')).map((e) => e.msg)).toEqual(['100% done_now']);
  });

  it('takes %, _ and \\ in q as the characters themselves, through the index and in a short q alike', async () => {
    t.app.log.info('wild 7% off');
    t.app.log.info('wild 7x off');
    t.app.log.info('wild a_b');
    t.app.log.info('wild axb');
    t.app.log.info('wild C:\\temp');
    t.app.log.info('wild C:temp');
    const wild = async (q: string) =>
      (await getLogs(`?q=${encodeURIComponent(q)}`)).map((e) => e.msg).filter((m) => m.startsWith('wild'));
    expect(await wild('7% OFF')).toEqual(['wild 7% off']);
    expect(await wild('WILD A_B')).toEqual(['wild a_b']);
    expect(await wild('c:\\TEMP')).toEqual(['wild C:\\temp']);
    // Shorter than a trigram: the LIKE path, with the same escaping.
    expect(await wild('%')).toEqual(['wild 7% off']);
    expect(await wild('_')).toEqual(['wild a_b']);
    expect(await wild('\\')).toEqual(['wild C:\\temp']);
    expect(await wild('%_')).toEqual([]);
  });

  it('finds short and quoted substrings too (the index needs three characters; quotes are plain text)', async () => {
    t.app.log.info('zq marker "quoted" text');
    expect((await getLogs('?q=ZQ')).map((e) => e.msg)).toEqual(['zq marker "quoted" text']);
    expect((await getLogs('?q=%22quoted%22')).map((e) => e.msg)).toEqual(['zq marker "quoted" text']);
    expect((await getLogs('?q=quoted%22%20t')).map((e) => e.msg)).toEqual(['zq marker "quoted" text']);
  });

  it('keeps finding entries once the oldest are pruned (the index follows deletions)', async () => {
    await t.app.logStore.flush();
    await t.app.db.deleteFrom('logs').where('msg', '=', '1000 done now').execute();
    expect(await getLogs('?q=1000%20done')).toEqual([]);
    expect((await getLogs('?q=done_now')).map((e) => e.msg)).toEqual(['100% done_now']);
  });

  it('keeps one ANSI-coloured line per request, without its query string', async () => {
    await getLogs('?q=secret-query-value');
    expect((await t.app.inject({ method: 'GET', url: '/api/system/logs?limit=0&q=secret-query-value', headers: withCookie(t.admin) })).statusCode).toBe(400);
    const lines = (await getLogs('?q=/api/system/logs&limit=5')).map((e) => e.msg);
    const esc = String.fromCharCode(27);
    expect(lines[0]?.startsWith(`${esc}[34mGET${esc}[0m /api/system/logs ${esc}[33m400${esc}[0m `)).toBe(true);
    expect(lines[0]).toMatch(/ \d+\.\d ms$/);
    const all = (await t.app.inject({ method: 'GET', url: '/api/system/logs.json', headers: withCookie(t.admin) })).body;
    expect(all).not.toContain('secret-query-value');
  });

  it("keeps the web app's own page load off the Logs page, and a failed request on it", async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: withCookie(t.admin) });
    expect((await get('/api/users/987654')).statusCode).toBe(404);
    for (const url of ['/', '/logs', '/api/login', '/api/roles/@me', '/api/users/@me', '/api/system/config', '/api/system/logs']) {
      await get(url);
    }
    const newest = (await getLogs('?limit=1')).map((e) => e.msg);
    expect(newest[0]).toContain('/api/users/987654');
    expect(newest[0]).toContain('404');
  });

  it('keeps accepted probe reports out of the log, but not refused ones', async () => {
    const post = (body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/probes/reports', headers: withCookie(t.admin), payload: body as object });
    expect((await post({ probeID: 'LOG-1', readings: [] })).statusCode).toBe(202);
    expect((await post({ probeID: 'bad id', readings: [] })).statusCode).toBe(400);
    const lines = (await getLogs('?q=/api/probes/reports')).map((e) => e.msg);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('400');
  });

  it('refuses bad paging parameters with 400', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?limit=100000']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/system/logs${query}`, headers: withCookie(t.admin) });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /system/logs.json', () => {
  it('answers every retained entry, bounded by the retention setting', async () => {
    for (let i = 0; i < 400; i += 1) t.app.log.info(`bulk ${i}`);
    const response = await t.app.inject({ method: 'GET', url: '/api/system/logs.json', headers: withCookie(t.admin) });
    expect(response.statusCode).toBe(200);
    const entries: Entry[] = response.json();
    expect(entries[0]?.msg).toBe('bulk 399');
    expect(entries.length).toBeGreaterThanOrEqual(200);
    expect(entries.length).toBeLessThanOrEqual(220);
  });
});

describe('logs that can be trusted', () => {
  it('refuses a key name with control characters, so it cannot forge a coloured or multi-line entry', async () => {
    const esc = String.fromCharCode(27);
    const forged = `x"\n${esc}[31mUser admin deleted user #1${esc}[0m`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: withCookie(t.admin),
      payload: { name: forged, expirationDate: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('Key name cannot contain control, invisible or direction characters (U+000A)');
    expect((await getLogs('?q=deleted%20user%20%231')).every((e) => !e.msg.startsWith('User admin deleted'))).toBe(true);
  });

  it('escapes user text passed as a field, and line breaks in any message', async () => {
    t.app.log.info({ user: 'eve\r\nUser admin signed in' }, 'field check');
    t.app.log.info('message check\nforged line');
    expect((await getLogs('?q=field%20check'))[0]?.msg).toBe('field check user=eve\\r\\nUser admin signed in');
    expect((await getLogs('?q=message%20check'))[0]?.msg).toBe('message check\\nforged line');
  });

  it('logs 4xx answers to anonymous callers at debug, and counts them in one info line', async () => {
    const quiet = await createTestApp({ logSummaryIntervalMs: 3_600_000 });
    const dataDir = quiet.config.dataDir;
    try {
      for (let i = 0; i < 30; i += 1) await quiet.app.inject({ method: 'GET', url: '/api/users' });
      for (let i = 0; i < 5; i += 1) {
        await quiet.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x', password: 'wrong-password' } });
      }
      await quiet.app.logStore.flush();
      const rows = async () => quiet.app.db.selectFrom('logs').select(['level', 'msg']).execute();
      expect((await rows()).filter((r) => r.msg.includes('/api/users') && r.level === 'info')).toEqual([]);
      await quiet.app.close();
      const again = await createTestApp({ dataDir });
      try {
        const all = await again.app.db.selectFrom('logs').select(['level', 'msg']).execute();
        expect(all.filter((r) => r.msg.startsWith('Answered'))).toEqual([
          { level: 'info', msg: 'Answered 35 request(s) from callers not signed in with 4xx (401 ×35)' },
        ]);
      } finally {
        await again.close();
      }
    } finally {
      await quiet.close().catch(() => undefined);
    }
  });

  it('keeps warnings and errors apart from info noise', async () => {
    for (let i = 0; i < 5; i += 1) t.app.log.warn(`kept warning ${i}`);
    for (let i = 0; i < 600; i += 1) t.app.log.info(`noise ${i}`);
    await t.app.logStore.flush();
    expect((await getLogs('?q=kept%20warning')).map((e) => e.msg)).toHaveLength(5);
  });
});

describe('GET /system/logs?q= behind thousands of newer entries', () => {
  it('finds a text whose matches are all old, newest first, and an entry written later into an older stretch', async () => {
    const own = await createTestApp({ logRetention: { maxEntries: 100_000, maxWarningEntries: 1000, maxAgeDays: 3650 } });
    try {
      // 6,000 entries older than the app's own: the oldest 100 hold "Req-1%_x", every other one "req-2%_x".
      const msg = (n: number) => `GET /api/probes/P-${n % 50} 200 ${n <= 100 ? 'Req-1%_x' : 'req-2%_x'} ${n}`;
      const ts = (tenths: number) => String(tenths).padStart(19, '0');
      for (let n = 1; n <= 6000; n += 500) {
        await own.app.db
          .insertInto('logs')
          .values(Array.from({ length: 500 }, (_, i) => ({ ts: ts((n + i) * 10), level: 'info', msg: msg(n + i) })))
          .execute();
      }
      const admin = await own.loginAsAdmin();
      const search = async (query: string) => {
        const response = await own.app.inject({ method: 'GET', url: `/api/system/logs${query}`, headers: withCookie(admin) });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as Entry[]).map((e) => e.msg);
      };
      const old = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => msg(from - i));
      expect(await search('?q=REQ-1%25_&limit=50')).toEqual(old(100, 51));
      expect(await search('?q=REQ-1%25_&limit=50&offset=50')).toEqual(old(50, 1));
      expect(await search('?q=req-1%25x')).toEqual([]);
      await own.app.db
        .insertInto('logs')
        .values({ ts: ts(30005), level: 'info', msg: 'late Req-1%_x 3000.5' })
        .execute();
      expect(await search('?q=req-1%25_&limit=50')).toEqual(['late Req-1%_x 3000.5', ...old(100, 52)]);
    } finally {
      await own.close();
    }
  });
});

describe('secrets', () => {
  it('never appear in a log line or an answer (other than the one-time key token)', async () => {
    const userPassword = 'Sup3r-Secret-Pw';
    const newPassword = 'An0ther-Secret-Pw';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: withCookie(t.admin),
      payload: {
        username: 'secretive',
        firstName: 'S',
        lastName: 'T',
        email: 's@example.com',
        password: userPassword,
        roleId: 3,
      },
    });
    expect(created.body).not.toContain(userPassword);
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'secretive', password: 'Wrong-Secret-Pw' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'secretive', password: userPassword },
    });
    const sessionToken = login.cookies.find((c) => c.name === 'bpm_session')!.value;
    expect(login.body).not.toContain(userPassword);
    expect(login.body).not.toContain(sessionToken);
    const cookie = `bpm_session=${sessionToken}`;
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password/@me',
      headers: withCookie(cookie),
      payload: { currentPassword: userPassword, newPassword },
    });
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: withCookie(cookie),
        payload: { name: 'k', expirationDate: new Date(Date.now() + 3600_000).toISOString() },
      })
    ).json();
    await t.app.inject({
      method: 'GET',
      url: `/api/keys/check?token=${key.token}`,
      headers: { authorization: `Bearer ${key.token}` },
    });
    const answers = [
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: withCookie(t.admin) })).body,
      (await t.app.inject({ method: 'GET', url: '/api/keys', headers: withCookie(cookie) })).body,
      (await t.app.inject({ method: 'GET', url: '/api/users/@me', headers: withCookie(cookie) })).body,
    ].join('\n');
    const logs = (await t.app.inject({ method: 'GET', url: '/api/system/logs.json', headers: withCookie(t.admin) })).body;
    for (const secret of [userPassword, newPassword, 'Wrong-Secret-Pw', sessionToken, key.token, 'test-admin-password']) {
      expect(logs).not.toContain(secret);
      expect(answers).not.toContain(secret);
    }
    expect(answers).not.toMatch(/password|token_hash|scrypt\$/i);
    expect(logs).toContain('secretive');
  });
});
