import { describe, expect, it } from 'vitest';
import { indexedPersistence } from './transport.ts';

async function topicsOf(stream: NodeJS.ReadableStream): Promise<string[]> {
  const topics: string[] = [];
  for await (const packet of stream) topics.push((packet as unknown as { topic: string }).topic);
  return topics.sort();
}

const packet = (topic: string, payload: string) =>
  ({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: true }) as never;

describe('indexedPersistence (the embedded broker: retained messages by exact topic)', () => {
  it('answers exact subscriptions by lookup and wildcards by the stock scan; an empty payload clears', async () => {
    const persistence = indexedPersistence();
    await (persistence as unknown as { setup: (broker: unknown) => Promise<void> }).setup({ id: 'test' });
    await persistence.storeRetained(packet('fp/v1/A1/config', '{"a":1}'), undefined as never);
    await persistence.storeRetained(packet('fp/v1/A1/status', 'online'), undefined as never);
    await persistence.storeRetained(packet('fp/v1/B2/config', '{"b":2}'), undefined as never);
    expect(
      await topicsOf(persistence.createRetainedStreamCombi(['fp/v1/A1/config', 'fp/v1/A1/cmd'])),
    ).toEqual(['fp/v1/A1/config']);
    expect(await topicsOf(persistence.createRetainedStream('fp/v1/+/config'))).toEqual([
      'fp/v1/A1/config',
      'fp/v1/B2/config',
    ]);
    await persistence.storeRetained(packet('fp/v1/A1/config', ''), undefined as never);
    expect(await topicsOf(persistence.createRetainedStreamCombi(['fp/v1/A1/config']))).toEqual([]);
    expect(await topicsOf(persistence.createRetainedStreamCombi(['fp/v1/#']))).toEqual([
      'fp/v1/A1/status',
      'fp/v1/B2/config',
    ]);
  });
});
