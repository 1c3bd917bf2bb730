import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import type { ExportFormat } from '../lib/export.ts';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';

const FORMATS: ExportFormat[] = ['png', 'jpg', 'svg', 'webp'];

/** PNG, JPG, SVG and WebP of the combined image. */
export function DownloadMenu() {
  const c = useCreator();
  return (
    // Non-modal: a modal menu locks scrolling by injecting a <style> element, which the CSP refuses.
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button>
          <Download aria-hidden="true" className="size-4" />
          {t.downloadMenu}
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {FORMATS.map((format) => (
            <Menu.Item
              key={format}
              onSelect={() => void c.downloadCombined(format)}
              className="cursor-pointer rounded-md px-3 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-ink-50 data-[highlighted]:text-ink-900"
            >
              {t.formats[format]}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
