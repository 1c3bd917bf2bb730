import * as Menu from '@radix-ui/react-dropdown-menu';
import { Download, EllipsisVertical, Link2, Link2Off, PenLine, Send, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { cn } from '#web/lib/cn.ts';
import type { useDocumentActions } from '../hooks/use-document-actions.tsx';
import { canRequest, canSign } from '../lib/status.ts';
import { documentsText as t } from '../messages.ts';

type Actions = ReturnType<typeof useDocumentActions>;

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-ink-50 data-[highlighted]:text-ink-900';

function Item({
  onSelect,
  children,
  danger,
}: {
  onSelect: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Menu.Item
      onSelect={onSelect}
      className={cn(
        itemClass,
        danger && 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
      )}
    >
      {children}
    </Menu.Item>
  );
}

/** A document card's menu: Sign and Request signatures (pending only), Download, Share, Delete; plus stop sharing. */
export function DocumentMenu({ doc, actions }: { doc: DocumentSummary; actions: Actions }) {
  const [, navigate] = useLocation();
  const icon = 'size-4 shrink-0';
  return (
    // Non-modal: a modal menu locks scrolling by injecting a <style> element, which the CSP refuses.
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={t.actionsFor(doc.name)}
        className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-30 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {canSign(doc) ? (
            <Item onSelect={() => navigate(`/sign-document/${doc.id}`)}>
              <PenLine aria-hidden="true" className={icon} />
              {m.sign}
            </Item>
          ) : null}
          {canRequest(doc) ? (
            <Item onSelect={() => navigate(`/documents/${doc.id}/request`)}>
              <Send aria-hidden="true" className={icon} />
              {t.requestSignatures}
            </Item>
          ) : null}
          <Item onSelect={() => actions.download(doc)}>
            <Download aria-hidden="true" className={icon} />
            {m.download}
          </Item>
          <Item onSelect={() => actions.share(doc)}>
            <Link2 aria-hidden="true" className={icon} />
            {m.share}
          </Item>
          {doc.shared ? (
            <Item onSelect={() => actions.stopSharing(doc)}>
              <Link2Off aria-hidden="true" className={icon} />
              {t.stopSharing}
            </Item>
          ) : null}
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Item danger onSelect={() => actions.askDelete(doc)}>
            <Trash2 aria-hidden="true" className={icon} />
            {m.delete}
          </Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
