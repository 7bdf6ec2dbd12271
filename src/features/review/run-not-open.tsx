import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/states';

/** Why this run is not opened for review, and the way on to the next. */
export function RunNotOpen({
  title,
  onDone,
  alsoOffer,
  children,
}: {
  title: string;
  onDone: (finished: boolean, skip?: boolean) => Promise<void>;
  alsoOffer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="review-main">
      <EmptyState
        title={title}
        action={
          <>
            <button type="button" className="button button--primary" onClick={() => void onDone(false, true)}>
              <Trans>Open the next run</Trans>
            </button>
            {alsoOffer}
          </>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}
