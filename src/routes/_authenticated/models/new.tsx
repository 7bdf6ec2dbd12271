import { createFileRoute } from '@tanstack/react-router';
import { NewModelScreen } from '@/features/models/new-model-screen';

export const Route = createFileRoute('/_authenticated/models/new')({
  staticData: { crumb: 'New model' },
  component: NewModelScreen,
});
