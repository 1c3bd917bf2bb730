export type MailBlock = { kind: 'heading' | 'text' | 'button' | 'link'; text: string };

export interface MailSummary {
  subject: string;
  blocks: MailBlock[];
}

/**
 * Reads the template's text without running or displaying its HTML: DOMParser builds an inert
 * document (no scripts, no requests), and only text comes out of it, in reading order.
 */
export function readMail(html: string): MailSummary {
  // Style attributes and blocks are dropped first: parsing them would still report CSP violations.
  const unstyled = html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/\sstyle=("[^"]*"|'[^']*')/gi, '');
  const doc = new DOMParser().parseFromString(unstyled, 'text/html');
  let buttonSeen = false;
  const blocks: MailBlock[] = [];
  for (const el of doc.querySelectorAll('h1, h2, p')) {
    const text = el.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    if (!text) continue;
    const onlyLink =
      el.children.length === 1 &&
      el.children[0]?.tagName === 'A' &&
      el.children[0].textContent?.trim() === text;
    if (el.tagName !== 'P') blocks.push({ kind: 'heading', text });
    else if (onlyLink && !buttonSeen) {
      buttonSeen = true;
      blocks.push({ kind: 'button', text });
    } else blocks.push({ kind: onlyLink ? 'link' : 'text', text });
  }
  return { subject: doc.title.trim(), blocks };
}
