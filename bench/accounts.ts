import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpAgent, startServerProcess } from '../src/server/test/server-process.ts';
import { measure, printTable, startBaseline } from './lib.ts';

/** Issue 2: GET /api/user (signed in) and /healthz, as ratios to a bare node:http server. */
export async function benchAccounts() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-'));
  const app = await startServerProcess({ DATA_DIR: dir, INKPROOF_TEST_CAPTCHA: 'Bench1', LOG_LEVEL: 'warn' });
  try {
    const agent = new HttpAgent(app.base);
    await agent.fetch('/api/captcha?purpose=register');
    const reg = await agent.fetch('/api/register', {
      method: 'POST',
      body: {
        email: 'bench@example.com',
        password: 'Str0ng!Pass',
        agreeToTerms: true,
        securityQuestion: 'Bench1',
      },
    });
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status}`);
    const userBody = JSON.stringify(await (await agent.fetch('/api/user')).json());

    const baseline = await startBaseline(userBody);
    try {
      const base = await measure('node:http baseline (same JSON)', `${baseline.base}/`);
      const user = await measure('GET /api/user (signed in)', `${app.base}/api/user`, {
        cookie: agent.cookie,
      });
      const health = await measure('GET /healthz', `${app.base}/healthz`);
      console.log('\n## accounts (issue 2)');
      printTable(base, [user, health]);
      return { baseline: base, user, health };
    } finally {
      baseline.stop();
    }
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
