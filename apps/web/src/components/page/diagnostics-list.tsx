import { Card } from '@/components/ui/card';

/** A two-column list of diagnostic facts (used by /test and /auth-debug). */
export function DiagnosticsList({ rows }: { rows: Array<[string, string]> }) {
  return (
    <Card>
      <dl className="divide-y divide-border">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-3">
            <dt className="text-sm font-medium text-fg-muted">{label}</dt>
            <dd className="font-mono text-sm break-all text-fg sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
