// The microphone's samples, as they come (lib/listener.ts): an AudioWorklet processor that hands the main thread its
// first input channel in blocks of 2,048 samples at the context's rate. Served as it is (public/), because a worklet
// is its own module and the page's rules allow scripts from this origin only.
const BLOCK = 2048;

class PcmCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(BLOCK);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    let from = 0;
    while (from < channel.length) {
      const n = Math.min(channel.length - from, BLOCK - this.filled);
      this.block.set(channel.subarray(from, from + n), this.filled);
      this.filled += n;
      from += n;
      if (this.filled === BLOCK) {
        this.port.postMessage(this.block, [this.block.buffer]);
        this.block = new Float32Array(BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
