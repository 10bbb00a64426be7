import type { Redis } from 'ioredis';
import type { Telemetry } from '../../services/ports/telemetry-port.ts';

const OBSERVED = Symbol('svc.telemetry');

/** probes ioredis sends on connecting, whose refusal by an older server it expects */
const HANDSHAKE = new Set(['hello', 'client']);

type SendCommand = Redis['sendCommand'];
type Command = Parameters<SendCommand>[0];

/**
 * A Redis client whose commands are counted when they fail (svc_redis_command_errors_total,
 * by command name only) and traced (a `redis <COMMAND>` span, without keys or values).
 * Patches the client's sendCommand, the one method every command goes through.
 */
export function instrumentRedis(redis: Redis, telemetry: Telemetry): Redis {
  const { metrics, tracing } = telemetry;
  if (!metrics.enabled && !tracing.enabled) return redis;
  const send: SendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: Command, stream?: Parameters<SendCommand>[1]) => {
    // a command queued while offline passes here again when it is sent: observe it once
    const seen = command as Command & { [OBSERVED]?: true };
    if (seen[OBSERVED]) return send(command, stream);
    seen[OBSERVED] = true;
    const name = command.name.toLowerCase();
    command.promise.catch(() => {
      if (!HANDSHAKE.has(name)) metrics.count('svc_redis_command_errors_total', { command: name });
    });
    if (!tracing.enabled) return send(command, stream);
    let sent: unknown;
    void tracing
      .inSpan(`redis ${name}`, { 'db.system.name': 'redis', 'db.operation.name': name }, async () => {
        sent = send(command, stream);
        await command.promise;
      })
      .catch(() => {});
    return sent;
  }) as SendCommand;
  return redis;
}
