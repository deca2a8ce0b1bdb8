// The capture page's AudioWorkletProcessor (dist/capture-audio-worklet.js, loaded with
// audioWorklet.addModule): the microphone's input, mixed to mono, in 20 ms chunks of 16-bit PCM
// (audio-chunk.ts), each posted to the page with the context frame index of its first sample (the
// worklet's `currentFrame` at the block that starts it). Its outputs stay silent.
//
// page → worklet: { type: 'port', port } (the sender worker's line: chunks go there, not through the page's
// main thread), { type: 'stop' }.
// worklet → sender worker (or the page, before a port is given): { frame, samples: Int16Array (transferred),
// gap, gapFrames } (audio-chunk.ts `Chunk`).

import { AudioChunker } from './audio-chunk.js';

// The AudioWorkletGlobalScope's names (not in TypeScript's DOM library).
declare const sampleRate: number;
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: unknown);
}
declare function registerProcessor(name: string, ctor: new (options?: unknown) => AudioWorkletProcessor): void;

export const PROCESSOR_NAME = 'avatar-capture-chunker';

class ChunkProcessor extends AudioWorkletProcessor {
  private chunker = new AudioChunker(sampleRate);
  private running = true;
  private out: MessagePort | null = null;

  constructor(options?: unknown) {
    super(options);
    this.port.onmessage = (ev: MessageEvent) => {
      if (ev.data?.type === 'stop') this.running = false;
      if (ev.data?.type === 'port') this.out = ev.data.port as MessagePort;
    };
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    if (!this.running) return false;
    const input = inputs[0] ?? [];
    const frames = input[0]?.length ?? outputs[0]?.[0]?.length ?? 128;
    const mono = this.chunker.mix(input, frames);
    for (const c of this.chunker.push(mono, currentFrame)) {
      (this.out ?? this.port).postMessage(c, [c.samples.buffer]);
    }
    return true;
  }
}

registerProcessor(PROCESSOR_NAME, ChunkProcessor);
