import { qrFromImageFile } from '#web/features/verification/lib/decode-qr.ts';
import { verifierText as t } from './messages.ts';
import {
  readEmbeddedKeys,
  verifyLink,
  verifyPdf,
  VerifierKeys,
  type Finding,
  type Report,
} from './verify-core.ts';

/** Larger files are neither our PDFs nor pictures of a QR code. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function fillTexts() {
  const texts: Record<string, string> = {
    intro: t.intro,
    'link-hint': t.linkHint,
    'link-button': t.linkButton,
    'file-hint': t.fileHint,
    'keys-hint': t.keysHint,
    'results-heading': t.resultsHeading,
  };
  for (const [id, text] of Object.entries(texts)) byId(id).textContent = text;
  document.querySelector('label[for="link-input"]')!.textContent = t.linkLabel;
  document.querySelector('label[for="file-input"]')!.textContent = t.fileLabel;
  document.querySelector('label[for="keys-input"]')!.textContent = t.keysLabel;
}

const el = (tag: string, className: string | null, text?: string) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

function list(heading: string, items: string[]) {
  const box = document.createDocumentFragment();
  if (items.length === 0) return box;
  box.append(el('h3', null, heading));
  const ul = el('ul', null);
  for (const item of items) ul.append(el('li', null, item));
  box.append(ul);
  return box;
}

function findingNode(f: Finding) {
  const box = el('div', `result ${f.verdict}`);
  box.dataset.verdict = f.verdict;
  box.append(el('p', 'verdict', f.verdict === 'proven' ? t.proven : t.notProven));
  box.append(el('p', 'source', f.source));
  if (f.reason) box.append(el('p', 'reason', f.reason));
  box.append(list(t.provedHeading, f.proved), list(t.notCheckedHeading, f.notChecked));
  return box;
}

function show(report: Report, label: string) {
  const results = byId('results');
  results.replaceChildren();
  const summary = el('div', `result summary ${report.verdict}`);
  summary.dataset.testid = 'verdict';
  summary.dataset.verdict = report.verdict;
  summary.append(el('p', 'verdict', `${report.verdict === 'proven' ? t.proven : t.notProven}: ${label}`));
  if (report.reason) summary.append(el('p', 'reason', report.reason));
  results.append(summary, ...report.findings.map(findingNode));
  // On a phone the result is below the inputs: bring it into view (the live region announces it).
  results.closest('section')?.scrollIntoView({ block: 'start' });
}

const single = (f: Finding): Report => ({ verdict: f.verdict, findings: [f] });
const failed = (reason: string): Report => ({ verdict: 'not-proven', reason, findings: [] });

async function start() {
  fillTexts();
  const embedded = readEmbeddedKeys(byId('inkproof-keys').textContent);
  let keys = await VerifierKeys.from(embedded);
  const keysSummary = byId('keys-summary');
  keysSummary.textContent = embedded
    ? t.keysFrom(
        embedded.issuer,
        keys.ring.size,
        embedded.keySet.keys.filter((k) => k.exp !== undefined).length,
      )
    : t.noEmbeddedKeys;

  const results = byId('results');
  const busy = () => {
    results.replaceChildren(el('p', null, t.working));
  };
  const run = async (label: string, check: () => Promise<Report>) => {
    busy();
    let report: Report;
    try {
      report = await check();
    } catch {
      report = failed(t.unreadableFile);
    }
    show(report, label);
  };

  byId<HTMLFormElement>('link-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = byId<HTMLTextAreaElement>('link-input').value.trim();
    void run(t.fromPasted, async () =>
      text ? single(await verifyLink(text, keys, t.fromPasted)) : failed(t.emptyLink),
    );
  });

  const checkFile = (file: File) =>
    run(file.name, async () => {
      if (file.size === 0) return failed(t.emptyFile);
      if (file.size > MAX_FILE_BYTES) return failed(t.tooLarge);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
      if (head.includes('%PDF-')) return verifyPdf(bytes, keys);
      const qr = await qrFromImageFile(file);
      if (!qr.readable) return failed(t.unreadableFile);
      if (!qr.text) return failed(t.noQrInImage);
      const finding = await verifyLink(qr.text, keys, t.fromImage(file.name));
      if (finding.verdict === 'proven') finding.notChecked.push(t.notImage);
      return single(finding);
    });

  const keysStatus = byId('keys-status');
  const addKeys = async (file: File) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      keysStatus.textContent = t.keysNotJson(file.name);
      return;
    }
    const added = await keys.withAdded(parsed);
    if (!added) keysStatus.textContent = t.keysNotJson(file.name);
    else if (added.kids.length === 0) keysStatus.textContent = t.keysNone(file.name);
    else {
      keys = added.keys;
      keysStatus.textContent = t.keysAdded(file.name, added.kids);
    }
  };

  const isKeySet = (file: File) => /\.json$/i.test(file.name) || file.type === 'application/json';
  const fileInput = byId<HTMLInputElement>('file-input');
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) void (isKeySet(file) ? addKeys(file) : checkFile(file));
  });
  const keysInput = byId<HTMLInputElement>('keys-input');
  keysInput.addEventListener('change', () => {
    const file = keysInput.files?.[0];
    if (file) void addKeys(file);
  });

  // A file dropped anywhere: a key set is added, anything else is checked.
  const zone = byId('drop-zone');
  document.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  document.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    void (isKeySet(file) ? addKeys(file) : checkFile(file));
  });
  document.body.dataset.ready = 'true';
}

void start();
