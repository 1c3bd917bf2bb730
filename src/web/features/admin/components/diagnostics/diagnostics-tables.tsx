import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import type { Diagnostics } from '#shared/admin/answers.ts';
import { DataTable } from '#web/features/admin/components/data-table/data-table.tsx';
import { Section } from '#web/components/admin-page.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.diagnostics;

export function RecentErrors({ errors }: { errors: Diagnostics['recentErrors'] }) {
  return (
    <Section id="errors-heading" title={t.errors}>
      <DataTable
        caption={t.errorsCaption}
        columns={[{ label: t.errorAt }, { label: t.errorUrl }, { label: t.errorMessage }]}
        items={errors.map((e, i) => ({ ...e, key: `${e.at}-${i}` }))}
        rowKey={(e) => e.key}
        empty={t.errorsEmpty}
        cells={(e) => (
          <>
            <TableCell>
              <When value={e.at} />
            </TableCell>
            <TableCell className="font-mono text-xs break-all">{e.url}</TableCell>
            <TableCell className="break-words">{e.message}</TableCell>
          </>
        )}
      />
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
