import { ArrowRight, Download } from 'lucide-react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import type { CreateMethod } from '../hooks/use-creator-state.ts';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';
import { DetailsFields } from './details-fields.tsx';
import { DownloadModeNotice } from './download-mode.tsx';
import { DrawPad } from './draw-pad.tsx';
import { TypeSignature } from './type-signature.tsx';

export function CreateTab() {
  const c = useCreator();
  if (c.download.active) return <DownloadModeNotice text={t.downloadModeCreateTab} />;
  const hasSignature = Boolean(c.view.signature);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,640px)_minmax(0,1fr)]">
      <Card>
        <CardContent>
          <Tabs value={c.method} onValueChange={(v) => c.setMethod(v as CreateMethod)}>
            <TabsList aria-label={t.methodLabel} className="max-w-xs">
              <TabsTrigger value="draw">{m.tabDraw}</TabsTrigger>
              <TabsTrigger value="type">{m.tabType}</TabsTrigger>
            </TabsList>
            <TabsContent value="draw" className="mt-4">
              <DrawPad />
            </TabsContent>
            <TabsContent value="type" className="mt-4">
              <TypeSignature />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="space-y-6">
          <h2 className="text-lg font-semibold text-slate-900">{t.detailsTitle}</h2>
          <DetailsFields />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void c.downloadSignature()} disabled={!hasSignature}>
              <Download aria-hidden="true" className="size-4" />
              {m.downloadSignature}
            </Button>
            <Button onClick={() => c.setTab('preview')}>
              {t.nextPreview}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
