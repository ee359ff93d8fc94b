// The tiny models the embedded speech tests load into sherpa-onnx for real (random weights):
//  - a Piper-style VITS voice: token ids → 256 samples per token (a Gather from a random table, then a Reshape),
//    with the metadata sherpa-onnx reads (offline-tts-vits-model.cc) and a tokens.txt of the IPA symbols espeak-ng
//    writes, so the real Piper front end (espeak-ng phonemes) runs before it;
//  - a NeMo-style CTC recogniser: 80 mel features → a MatMul to the vocabulary → LogSoftmax
//    (offline-nemo-enc-dec-ctc-model.cc: inputs audio_signal [N, 80, T] and length, metadata vocab_size,
//    subsampling_factor, normalize_type), with a tokens.txt whose last symbol is the blank.
import { onnxModel, random } from './tiny-onnx.ts';

const SAMPLES_PER_TOKEN = 256;

/** Piper's symbols: pad, start, end, space and punctuation, letters and the IPA espeak-ng writes for English. */
const PIPER_SYMBOLS = [
  '_',
  '^',
  '$',
  ' ',
  ..."!'(),-.:;?".split(''),
  ...'abcdefghijklmnopqrstuvwxyz'.split(''),
  ...'æçðøħŋœǀǁǂǃɐɑɒɓɔɕɖɗɘəɚɛɜɝɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲˈˌːˑ˞βθχᵻⱱ'.split(''),
  '\u0329',
  '\u0303',
];

export interface TinyModelFiles {
  model: Buffer;
  tokens: string;
}

export function tinyPiperVoice(opts: { seed?: number; sampleRate?: number } = {}): TinyModelFiles {
  const rand = random(opts.seed ?? 1);
  const vocab = PIPER_SYMBOLS.length;
  const table = new Float32Array(vocab * SAMPLES_PER_TOKEN).map(() => rand() * 0.3);
  const model = onnxModel({
    nodes: [
      { op: 'Gather', inputs: ['table', 'input'], outputs: ['frames'], ints: { axis: 0 } },
      { op: 'Reshape', inputs: ['frames', 'out_shape'], outputs: ['output'] },
    ],
    initializers: [
      { name: 'table', dims: [vocab, SAMPLES_PER_TOKEN], data: table },
      { name: 'out_shape', dims: [3], data: new BigInt64Array([1n, 1n, -1n]) },
    ],
    inputs: [
      { name: 'input', type: 'int64', dims: [1, 'phonemes'] },
      { name: 'input_lengths', type: 'int64', dims: [1] },
      { name: 'scales', type: 'float', dims: [3] },
    ],
    outputs: [{ name: 'output', type: 'float', dims: [1, 1, 'time'] }],
    metadata: {
      model_type: 'vits',
      comment: 'piper',
      language: 'English',
      voice: 'en-us',
      has_espeak: 1,
      n_speakers: 1,
      sample_rate: opts.sampleRate ?? 22050,
    },
  });
  const tokens = PIPER_SYMBOLS.map((s, i) => `${s} ${i}`).join('\n') + '\n';
  return { model, tokens };
}

const FEATURES = 80;
const LETTERS = " abcdefghijklmnopqrstuvwxyz'".split('');

export function tinyCtcRecogniser(opts: { seed?: number } = {}): TinyModelFiles {
  const rand = random(opts.seed ?? 2);
  const vocab = LETTERS.length + 1; // + the blank
  const weights = new Float32Array(FEATURES * vocab).map(() => rand());
  const model = onnxModel({
    nodes: [
      { op: 'Transpose', inputs: ['audio_signal'], outputs: ['frames'], ints: { perm: [0, 2, 1] } },
      { op: 'MatMul', inputs: ['frames', 'weights'], outputs: ['logits'] },
      { op: 'LogSoftmax', inputs: ['logits'], outputs: ['logprobs'], ints: { axis: -1 } },
    ],
    initializers: [{ name: 'weights', dims: [FEATURES, vocab], data: weights }],
    inputs: [
      { name: 'audio_signal', type: 'float', dims: ['N', FEATURES, 'T'] },
      { name: 'length', type: 'int64', dims: ['N'] },
    ],
    outputs: [{ name: 'logprobs', type: 'float', dims: ['N', 'T', vocab] }],
    metadata: { vocab_size: vocab, subsampling_factor: 1, normalize_type: 'NA', model_type: 'EncDecCTCModelBPE' },
  });
  // SentencePiece marks a word start with ▁; the space is written as one.
  const symbols = [...LETTERS.map((l) => (l === ' ' ? '▁' : l)), '<blk>'];
  return { model, tokens: symbols.map((s, i) => `${s} ${i}`).join('\n') + '\n' };
}
