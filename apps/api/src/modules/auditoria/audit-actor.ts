/** Who made a change and from where; recorded with every audit row. */
export interface AuditActor {
  userId: number | null;
  username: string;
  ip: string;
  userAgent: string;
}

/** Changes made without a request (seed, jobs, direct service calls). */
export const SYSTEM_ACTOR: AuditActor = { userId: null, username: 'sistema', ip: '', userAgent: '' };

interface RequestLike {
  auth?: { userId: number; username: string } | undefined;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The actor of an authenticated request (IP as Fastify resolved it, user agent cut to the column). */
export function auditActorOf(request: RequestLike): AuditActor {
  const agent = request.headers['user-agent'];
  return {
    userId: request.auth?.userId ?? null,
    username: request.auth?.username ?? '',
    ip: (request.ip ?? '').slice(0, 64),
    userAgent: (Array.isArray(agent) ? agent.join(' ') : (agent ?? '')).slice(0, 500),
  };
}
