import { createFileRoute } from '@tanstack/react-router';
import { NewValidationScreen } from '@/features/validations/new-validation-screen';

export const Route = createFileRoute('/_authenticated/validations/new')({
  staticData: { crumb: 'New validation' },
  component: NewValidationScreen,
});
