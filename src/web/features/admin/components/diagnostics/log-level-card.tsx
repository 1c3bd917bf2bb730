import { useId, useState } from 'react';
import { logLevelSchema } from '#shared/admin/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSetLogLevel, type LogLevel } from '#web/features/admin/api/set-log-level.ts';
import { FactCard } from '#web/features/admin/components/diagnostics/fact-card.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.diagnostics;
const levels = logLevelSchema.shape.level.options;

/** The server's log level; with actions, a selector that changes it for the running process. */
export function LogLevelCard({ level, actions }: { level: string; actions: boolean }) {
  const id = useId();
  const [chosen, setChosen] = useState<LogLevel>(
    (levels as readonly string[]).includes(level) ? (level as LogLevel) : 'info',
  );
  const mutation = useSetLogLevel();
  return (
    <FactCard label={t.logLevel} value={level}>
      {actions ? (
        <form
          className="flex flex-wrap items-end gap-2 pt-1"
          onSubmit={(e) => {
            e.preventDefault();
            mutation.mutate(chosen, {
              onSuccess: (res) => toast({ title: t.levelSet(res.logLevel), variant: 'success' }),
              onError: (error) => toast({ title: errorText(error), variant: 'destructive' }),
            });
          }}
        >
          <div className="w-32">
            <Label htmlFor={id} className="sr-only">
              {t.logLevel}
            </Label>
            <Select id={id} value={chosen} onChange={(e) => setChosen(e.target.value as LogLevel)}>
              {levels.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </div>
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            className="h-10"
            disabled={chosen === level || mutation.isPending}
          >
            {mutation.isPending ? <Spinner className="size-4" /> : null}
            {t.setLevel}
          </Button>
        </form>
      ) : null}
      <p>{t.logLevelHint}</p>
    </FactCard>
  );
}
