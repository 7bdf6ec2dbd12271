import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { modelQueryOptions } from '@/api/models';
import { ModelDetailScreen } from '@/features/models/model-detail-screen';

export const Route = createFileRoute('/_authenticated/models/$modelId')({
  loader: async ({ context, params }) => {
    const model = await context.queryClient.ensureQueryData(modelQueryOptions(context.organization, params.modelId));
    return { crumb: model.name || t`Untitled model` };
  },
  component: ModelRoute,
});

function ModelRoute() {
  const { modelId } = Route.useParams();
  return <ModelDetailScreen modelId={modelId} />;
}
