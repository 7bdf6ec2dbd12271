import { Trans } from '@lingui/react/macro';
import { FormActions, SubmitButton } from './form';

/**
 * The end of a full-page create or edit form: after a save that changed nothing, says so (an empty PATCH is refused,
 * so nothing was sent); then the save button, for an operator who may write.
 */
export function SaveFormFooter({
  nothingChanged,
  canWrite,
  saveLabel,
}: {
  nothingChanged: boolean;
  canWrite: boolean;
  /** e.g. "Create model" or "Save model". */
  saveLabel: string;
}) {
  return (
    <>
      {nothingChanged ? (
        <p className="muted" role="status">
          <Trans>Nothing changed: there is nothing to save.</Trans>
        </p>
      ) : null}
      {canWrite ? (
        <FormActions align="end">
          <SubmitButton>{saveLabel}</SubmitButton>
        </FormActions>
      ) : null}
    </>
  );
}
