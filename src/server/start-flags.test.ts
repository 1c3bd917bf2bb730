import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from 'vitest';
import { SERVER_COMMANDS, SERVER_NODE_FLAGS } from './test/server-process.ts';

// Decision 044: the server's V8 flags, passed however it starts (tests and benches start it as
// SERVER_COMMANDS does, so what they measure is what `npm start` runs).
const flags = SERVER_NODE_FLAGS.join(' ');

test('npm start, the Docker image, the release bundle, its smoke test and the test servers pass the same V8 flags', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.start).toBe(`node ${flags} scripts/start.mjs`);
  const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync('Dockerfile', 'utf8'))?.[1];
  expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
  expect(/start:\s*'([^']*)'/.exec(fs.readFileSync('scripts/bundle.mjs', 'utf8'))?.[1]).toBe(
    `node ${flags} dist/server/main.js`,
  );
  const smoke = /spawn\(\s*process\.execPath,\s*(\[[^\]]*\])/.exec(
    fs.readFileSync('scripts/bundle-smoke.mjs', 'utf8'),
  )?.[1];
  // the array as Prettier writes it: one line, or one item a line with a trailing comma
  const smokeArgs = smoke!.replaceAll("'", '"').replace(/,\s*\]$/, ']');
  expect(JSON.parse(smokeArgs)).toEqual([...SERVER_NODE_FLAGS, 'dist/server/main.js']);
  for (const args of Object.values(SERVER_COMMANDS))
    expect(args.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
});

test('this Node accepts them (an unknown V8 flag makes node exit with "bad option")', () => {
  const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', "process.stdout.write('ran')"], {
    encoding: 'utf8',
  });
  expect(out).toBe('ran');
});

// Decision 046: a site V8 decides to pretenure stays pretenured, whatever its objects do later.
// Objects kept alive from one allocation site through many scavenges make V8 tenure that site;
// under the server's flags it never does. V8 tenures a site only at a scavenge of a full-grown new
// space, and only while unoptimised code still leaves allocation mementos: with the new space
// growing from 1 MB to its default maximum, the loop was often optimised first and Node 24 then
// decided no more than "maybe tenure" (about half of the runs; it failed CI). A 1 MB new space is
// full-grown from the first scavenge, so the plain run tenures every time (90 of 90 runs, Node 20
// and 24).
test('under these flags V8 never pretenures an allocation site', () => {
  const script = [
    'const make = (i) => ({ a: i, b: [i] });',
    'const keep = [];',
    'for (let i = 0; i < 2e6; i++) keep.push(make(i));',
    "process.stdout.write('kept ' + keep.length + '\\n');",
  ].join('\n');
  const decisions = (flags: readonly string[]) =>
    execFileSync(
      process.execPath,
      [...flags, '--max-semi-space-size=1', '--trace-pretenuring-statistics', '-e', script],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  const plain = decisions([]);
  expect(plain).toContain('kept 2000000');
  expect(plain).toMatch(/=> tenure/); // what the flag prevents, so this test can fail
  const ours = decisions(SERVER_NODE_FLAGS);
  expect(ours).toContain('kept 2000000');
  expect(ours).not.toMatch(/=> tenure/);
});
