/**
 * The few service calls review holds need, made by the BFF with the app client's token: an agent's waiting or
 * in-review runs (oldest first), a run's variables (which name its validation task), and the task's moves. Only
 * endpoints of the service's specification, so holds work against any deployment.
 */
import type { UpstreamClient } from '@/server/bff/proxy/upstream-client';
import { readResponseBody } from '@/server/bff/foundation/response-body';

export interface ServiceAnswer {
  status: number;
  body: unknown;
}

export class ReviewServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ListedRun {
  runId: string;
  status: string;
  createdTime?: string;
  updatedTime?: string | null;
}

/** What a run's variables say about its review: null where they name nothing. */
export interface RunReviewRefs {
  validationId: string | null;
  taskId: string | null;
  documentId: string | null;
}

/** As the console writes ids in paths (colons kept), so the audit log names a task the same way whoever wrote it. */
const segment = (id: string) => encodeURIComponent(id).replaceAll('%3A', ':');
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export class ReviewServiceCalls {
  constructor(private readonly upstream: UpstreamClient) {}

  async call(method: string, path: string, requestId?: string, body?: unknown): Promise<ServiceAnswer> {
    const response = await this.upstream.send({
      url: this.upstream.urlFor(path),
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      requestId,
    });
    const text = (await readResponseBody(response, 4 * 1024 * 1024)).toString('utf8');
    return { status: response.statusCode ?? 502, body: parseJson(text) };
  }

  /** The body of a 2xx answer; otherwise a ReviewServiceError carrying the service's status and message. */
  private async expectOk(method: string, path: string, requestId?: string, body?: unknown): Promise<unknown> {
    const answer = await this.call(method, path, requestId, body);
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    const message = (answer.body as { message?: unknown } | null)?.message;
    throw new ReviewServiceError(
      answer.status,
      typeof message === 'string' ? message : `the service answered ${answer.status}`,
    );
  }

  /** One page of an agent's runs in `status`, oldest first. */
  async runs(
    agentId: string,
    status: string,
    nextToken: string | null,
    requestId?: string,
  ): Promise<{ runs: ListedRun[]; nextToken: string | null }> {
    const query = new URLSearchParams({ status, sort: 'createdTime:asc', maxResults: '100' });
    if (nextToken) query.set('nextToken', nextToken);
    const body = (await this.expectOk('GET', `/agents/${segment(agentId)}/runs?${query}`, requestId)) as {
      runs?: ListedRun[];
      nextToken?: string | null;
    };
    return { runs: Array.isArray(body?.runs) ? body.runs : [], nextToken: body?.nextToken ?? null };
  }

  async run(agentId: string, runId: string, requestId?: string): Promise<ListedRun> {
    return (await this.expectOk('GET', `/agents/${segment(agentId)}/runs/${segment(runId)}`, requestId)) as ListedRun;
  }

  async reviewRefs(agentId: string, runId: string, requestId?: string): Promise<RunReviewRefs> {
    const path = `/agents/${segment(agentId)}/runs/${segment(runId)}/variables`;
    const variables = (await this.expectOk('GET', path, requestId)) as Record<string, unknown> | null;
    return {
      validationId: textOrNull(variables?.validationId),
      taskId: textOrNull(variables?.validationTaskId),
      documentId: textOrNull(variables?.documentId),
    };
  }

  taskPath(validationId: string, taskId: string): string {
    return `/validations/${segment(validationId)}/tasks/${segment(taskId)}`;
  }

  async taskStatus(validationId: string, taskId: string, requestId?: string): Promise<string | null> {
    const task = (await this.expectOk('GET', this.taskPath(validationId, taskId), requestId)) as { status?: unknown };
    return textOrNull(task?.status);
  }

  /** Moves the task (`in-progress`: take it; `ready`: give it back); answers the service's status. */
  async moveTask(validationId: string, taskId: string, status: 'in-progress' | 'ready', requestId?: string) {
    return this.call('PATCH', this.taskPath(validationId, taskId), requestId, { status });
  }
}
