import { Link } from 'react-router';
import { REMOVAL_REASON_LABELS, REPORT_REASON_LABELS, type QueueItemDetail } from '@reverie/shared';
import { FactList, Panel, TextBlock } from './fact-list';

/** An address: a link when it is on this site, text otherwise (the console opens nothing elsewhere by itself). */
function Address({ url }: { url: string }) {
  try {
    const u = new URL(url);
    if (u.origin === window.location.origin) {
      return (
        <Link to={`${u.pathname}${u.search}`} className="font-mono text-primary hover:underline">
          {u.pathname}
        </Link>
      );
    }
  } catch {
    // shown as text below
  }
  return <span className="font-mono break-all">{url}</span>;
}

/** What came in: the report, the removal request or the blocked attempt. */
export function ItemFacts({ item }: { item: QueueItemDetail }) {
  if (item.report) {
    const r = item.report;
    return (
      <Panel title="Report">
        <FactList
          facts={[
            ['Reason', REPORT_REASON_LABELS[r.reason]],
            [
              'Reported by',
              r.reporter ? (
                <Link to={`/admin/users/${r.reporter.id}`} className="text-primary hover:underline">
                  @{r.reporter.username}
                </Link>
              ) : (
                'a deleted account'
              ),
            ],
          ]}
        />
        {r.note ? <TextBlock>{r.note}</TextBlock> : <p className="text-sm text-fg-subtle">No note.</p>}
        {r.snapshot ? (
          <div className="grid gap-1.5">
            <h3 className="text-xs font-semibold text-fg-subtle">What the reporter saw</h3>
            <TextBlock>{r.snapshot}</TextBlock>
          </div>
        ) : null}
      </Panel>
    );
  }
  if (item.removalRequest) {
    const r = item.removalRequest;
    return (
      <Panel title={`Removal request ${r.reference}`}>
        <FactList
          facts={[
            ['Content', <Address key="a" url={r.subjectUrl} />],
            ['Reason', REMOVAL_REASON_LABELS[r.reason]],
            ['Contact', r.contactEmail],
            ['Name', r.name ?? '—'],
            ...(r.reason === 'copyright'
              ? ([['Sworn statement', r.swornStatement ? 'confirmed' : 'missing']] as Array<[string, string]>)
              : []),
            ['Outcome', r.outcome ?? 'not settled yet'],
          ]}
        />
        <TextBlock>{r.details}</TextBlock>
      </Panel>
    );
  }
  if (item.blocked) {
    const b = item.blocked;
    return (
      <Panel title="Blocked content">
        <FactList
          facts={[
            ['Rule', b.rule],
            ['Field', b.field],
            ['Where', b.surface],
            ['Attempts', String(item.count)],
            ['Policy version', b.policyVersion],
          ]}
        />
        <p className="text-xs text-fg-subtle">The refused text is never stored; the account's other items and history are below.</p>
      </Panel>
    );
  }
  return null;
}
