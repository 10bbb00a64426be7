import type { Redis } from 'ioredis';
import type { Telemetry } from '../../services/telemetry/port.ts';

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
    const name = command.name.toLowerCase();
    command.promise.catch(() => {
      metrics.count('svc_redis_command_errors_total', { command: name });
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
