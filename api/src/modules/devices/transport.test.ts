import { clientIdFor, parseTopic, TELEMETRY_CATEGORIES } from '@fleetport/contracts/device-protocol';
import { describe, expect, it } from 'vitest';
import {
  devicePublishTopics,
  deviceSubscribeTopics,
  GATEWAY_PUBLISHES,
  GATEWAY_SUBSCRIPTIONS,
  indexedPersistence,
  mayPublish,
  maySubscribe,
} from './transport.ts';

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

describe("a device's topics spelled out (an external broker's ACLs) follow mayPublish and maySubscribe", () => {
  const clientId = clientIdFor('1104567890', '00:1E:42:12:34:56');
  // Every topic the protocol knows for this serial and another one.
  const every = (serial: string) => [
    ...['hello', 'status', 'cmd', 'cmd/result', 'config', 'config/report'].map(
      (kind) => `fp/v1/${serial}/${kind}`,
    ),
    ...TELEMETRY_CATEGORIES.map((category) => `fp/v1/${serial}/telemetry/${category}`),
  ];

  it('lists exactly the topics the embedded broker lets a device publish and subscribe to', () => {
    const topics = [...every('1104567890'), ...every('1100000001')];
    expect(devicePublishTopics('1104567890').sort()).toEqual(
      topics.filter((topic) => mayPublish(clientId, topic)).sort(),
    );
    expect(deviceSubscribeTopics('1104567890').sort()).toEqual(
      topics.filter((topic) => maySubscribe(clientId, topic)).sort(),
    );
    expect(deviceSubscribeTopics('1104567890')).toEqual(['fp/v1/1104567890/cmd', 'fp/v1/1104567890/config']);
  });

  it('gives the gateway a filter for each kind a device sends, and its commands and configuration to publish', () => {
    const kinds = (filters: readonly string[]) =>
      filters.map(
        (filter) => parseTopic(filter.replace('/+/', '/1104567890/').replace(/\+$/, 'dynamic'))?.kind,
      );
    expect(kinds(GATEWAY_SUBSCRIPTIONS).sort()).toEqual(
      ['cmd/result', 'config/report', 'hello', 'status', 'telemetry'].sort(),
    );
    expect(GATEWAY_PUBLISHES).toEqual(['fp/v1/+/cmd', 'fp/v1/+/config']);
  });
});
