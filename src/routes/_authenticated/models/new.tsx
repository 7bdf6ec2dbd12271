import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { NewModelScreen } from '@/features/models/new-model-screen';

export const Route = createFileRoute('/_authenticated/models/new')({
  staticData: {
    get crumb() {
      return t`New model`;
    },
  },
  component: NewModelScreen,
});
