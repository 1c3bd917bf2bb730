import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's chromium against the app built and started as `npm start` does
 * (e2e/global-setup.ts starts it on a free port with a fresh database, once per worker).
 *
 * Two workers by default (E2E_WORKERS to change it), each with a server of its own: this file is
 * loaded again in every worker, after the global set-up, and there a worker takes its slot's
 * server as E2E_BASE_URL, which the specs and `baseURL` read.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const slotBase = process.env[`E2E_BASE_URL_${process.env.TEST_PARALLEL_INDEX ?? 0}`];
if (slotBase) process.env.E2E_BASE_URL = slotBase;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  // The specs' own project: tsconfig.json only lists projects, and the web one maps `qrcode` to types.
  tsconfig: './tsconfig.tests.json',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
      ],
    },
    // A trace records a screencast and DOM snapshots of every test, even those that pass: on the
    // 2-core CI machine the browser tests took 6.8 min with it and 4.8 without (the browser's gpu
    // process alone 153 s of CPU against 36). CI hands back only its log, with each failure's error and
    // call log; a trace is for debugging on this machine: E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
