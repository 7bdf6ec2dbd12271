/**
 * The last facts of a resource's details list (`<dl className="details">`): when it was created and last updated,
 * each credited to whoever did it (ChangeCredit), and its metadata as JSON.
 *
 *   <dl className="details">…<ChangeFacts collection="users" id={user.userId} resource={user} /></dl>
 */
import { creationWrite, updateWrite } from '@/api/change-credits';
import { DateTime } from '@/components/date-time';
import { Trans } from '@lingui/react/macro';
import { ChangeCredit } from './change-credit';

interface Stamped {
  createdTime: string;
  createdBy?: string | null;
  updatedTime?: string | null;
  updatedBy?: string | null;
  metadata?: Record<string, unknown> | null;
}

export function ChangeFacts({ collection, id, resource }: { collection: string; id: string; resource: Stamped }) {
  const { createdTime, createdBy, updatedTime, updatedBy, metadata } = resource;
  return (
    <>
      <div>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>
          <DateTime value={createdTime} />
          <ChangeCredit actor={createdBy} write={creationWrite(collection, createdTime)} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Updated</Trans>
        </dt>
        <dd>
          {updatedTime ? (
            <>
              <DateTime value={updatedTime} />
              <ChangeCredit actor={updatedBy} write={updateWrite(collection, id, updatedTime)} />
            </>
          ) : (
            <span className="muted">
              <Trans>Never</Trans>
            </span>
          )}
        </dd>
      </div>
      <div style={{ gridColumn: '1 / -1' }}>
        <dt>
          <Trans>Metadata</Trans>
        </dt>
        <dd>
          {metadata && Object.keys(metadata).length > 0 ? (
            <pre className="code-block">{JSON.stringify(metadata, null, 2)}</pre>
          ) : (
            <span className="muted">
              <Trans>None</Trans>
            </span>
          )}
        </dd>
      </div>
    </>
  );
}
