import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { NewValidationScreen } from '@/features/validations/new-validation-screen';

export const Route = createFileRoute('/_authenticated/validations/new')({
  staticData: {
    get crumb() {
      return t`New validation`;
    },
  },
  component: NewValidationScreen,
});
