import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import type { Diagnostics } from '#web/features/admin/api/types.ts';
import { Section } from '#web/features/admin/components/admin-page.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.diagnostics;

export function RecentErrors({ errors }: { errors: Diagnostics['recentErrors'] }) {
  return (
    <Section id="errors-heading" title={t.errors}>
      <Table>
        <TableCaption className="sr-only">{t.errorsCaption}</TableCaption>
        <TableHead>
          <tr>
            <TableHeader>{t.errorAt}</TableHeader>
            <TableHeader>{t.errorUrl}</TableHeader>
            <TableHeader>{t.errorMessage}</TableHeader>
          </tr>
        </TableHead>
        <TableBody>
          {errors.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3} className="text-center text-slate-600">
                {t.errorsEmpty}
              </TableCell>
            </TableRow>
          ) : (
            errors.map((e, i) => (
              <TableRow key={`${e.at}-${i}`}>
                <TableCell>
                  <When value={e.at} />
                </TableCell>
                <TableCell className="font-mono text-xs break-all">{e.url}</TableCell>
                <TableCell className="break-words">{e.message}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Section>
  );
}

export function Migrations({ migrations }: { migrations: Diagnostics['database']['migrations'] }) {
  return (
    <Section id="migrations-heading" title={t.migrations}>
      <Table>
        <TableCaption className="sr-only">{t.migrationsCaption}</TableCaption>
        <TableHead>
          <tr>
            <TableHeader>{t.migrationName}</TableHeader>
            <TableHeader>{t.migrationApplied}</TableHeader>
          </tr>
        </TableHead>
        <TableBody>
          {migrations.map((m) => (
            <TableRow key={m.name}>
              <TableCell className="font-mono text-xs">{m.name}</TableCell>
              <TableCell>
                <When value={m.timestamp} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
