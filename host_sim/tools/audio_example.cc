// lpai-audio-example (host only): the micro_speech pipeline end to end in host simulation.
//
//   lpai-audio-example --preprocessor audio_preprocessor_int8.tflite
//                      --model micro_speech_quantized.tflite
//                      [--pcm FILE | --tone HZ] [--write_pcm FILE] [--kernel_variant V]
//
// One second of 16 kHz int16 mono PCM (--pcm: raw little-endian samples, cut or zero-padded to
// 16,000; otherwise a synthesised tone of --tone Hz, default 1000, amplitude 8000, written to
// --write_pcm when given) is cut into 49 frames of 30 ms (480 samples) every 20 ms (320
// samples), as TFLite Micro's micro_speech example does. Each frame runs through the prepared
// audio preprocessor (one graph, its noise estimate carried from frame to frame), the 49 x 40
// int8 features form the keyword model's input, and the model's four scores
// (silence, unknown, yes, no) and the top label are printed. Exit 0 on success, 1 on error.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "prepare/prepare.h"
#include "runner/session.h"
#include "simd/kernel_variant.h"

namespace {

constexpr int kSampleRate = 16000;
constexpr int kFrameSamples = 480;
constexpr int kStrideSamples = 320;
constexpr int kFrames = 49;
constexpr int kFeatures = 40;
const char* const kLabels[4] = {"silence", "unknown", "yes", "no"};

int fail(const std::string& msg) {
  std::fprintf(stderr, "lpai-audio-example: error: %s\n", msg.c_str());
  return 1;
}

bool read_file(const std::string& path, std::vector<uint8_t>* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out->assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

std::unique_ptr<lpai::host::Session> open_model(const std::string& path, std::string* error) {
  std::vector<uint8_t> model;
  if (!read_file(path, &model)) {
    *error = "cannot read " + path;
    return nullptr;
  }
  lpai::prepare::PrepareOutput prepared;
  const lpai::host::HostStatus st =
      lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions(), &prepared);
  if (!st.ok()) {
    *error = path + ": " + st.error();
    return nullptr;
  }
  auto s = lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), error);
  if (!s) *error = path + ": " + *error;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lpai-audio-example: PCM -> audio preprocessor -> micro_speech -> label"};
  std::string preprocessor, model, pcm_path, write_pcm, variant;
  double tone = 1000.0;
  app.add_option("--preprocessor", preprocessor, "audio_preprocessor_int8.tflite")->required();
  app.add_option("--model", model, "micro_speech_quantized.tflite")->required();
  app.add_option("--pcm", pcm_path, "1 s of 16 kHz int16 little-endian mono PCM");
  app.add_option("--tone", tone, "frequency of the synthesised tone (Hz), without --pcm");
  app.add_option("--write_pcm", write_pcm, "write the synthesised PCM here");
  app.add_option("--kernel_variant", variant, "portable, avx2 or avx512vnni");
  CLI11_PARSE(app, argc, argv);
  if (!variant.empty()) {
    lpai::host::KernelVariant v;
    if (!lpai::host::parse_kernel_variant(variant.c_str(), &v) ||
        !lpai::host::kernel_variant_supported(v)) {
      return fail("kernel variant '" + variant + "' unknown or not supported by this CPU");
    }
    lpai::host::set_kernel_variant(v);
  }

  std::vector<int16_t> pcm(kSampleRate, 0);
  if (!pcm_path.empty()) {
    std::vector<uint8_t> bytes;
    if (!read_file(pcm_path, &bytes)) return fail("cannot read " + pcm_path);
    std::memcpy(pcm.data(), bytes.data(), std::min(bytes.size() / 2 * 2, pcm.size() * 2));
  } else {
    if (!(tone > 0.0 && tone < kSampleRate / 2)) return fail("--tone must lie in (0, 8000) Hz");
    for (int i = 0; i < kSampleRate; ++i) {
      pcm[i] = static_cast<int16_t>(std::lround(8000.0 * std::sin(2.0 * M_PI * tone * i / kSampleRate)));
    }
    if (!write_pcm.empty()) {
      std::ofstream f(write_pcm, std::ios::binary);
      f.write(reinterpret_cast<const char*>(pcm.data()), static_cast<std::streamsize>(pcm.size() * 2));
      if (!f) return fail("cannot write " + write_pcm);
    }
  }

  std::string error;
  auto front = open_model(preprocessor, &error);
  if (!front) return fail(error);
  auto kws = open_model(model, &error);
  if (!kws) return fail(error);
  if (front->inputs().size() != 1 || front->inputs()[0].bytes != kFrameSamples * 2 ||
      front->outputs().size() != 1 || front->outputs()[0].bytes != kFeatures) {
    return fail(preprocessor + ": expected int16[480] in and int8[40] out");
  }
  if (kws->inputs().size() != 1 || kws->inputs()[0].bytes != kFrames * kFeatures ||
      kws->outputs().size() != 1 || kws->outputs()[0].bytes != 4) {
    return fail(model + ": expected int8[1960] in and int8[4] out");
  }

  std::vector<uint8_t> features;
  for (int f = 0; f < kFrames; ++f) {
    std::vector<uint8_t> frame(kFrameSamples * 2);
    std::memcpy(frame.data(), pcm.data() + f * kStrideSamples, frame.size());
    std::vector<std::vector<uint8_t>> out;
    if (!front->run({frame}, &out, &error)) return fail("frame " + std::to_string(f) + ": " + error);
    features.insert(features.end(), out[0].begin(), out[0].end());
  }
  std::vector<std::vector<uint8_t>> scores;
  if (!kws->run({features}, &scores, &error)) return fail(error);
  const lpai::host::TensorInfo& o = kws->outputs()[0];
  int best = 0;
  std::printf("features: %d frames x %d (int8), first frame:", kFrames, kFeatures);
  for (int i = 0; i < kFeatures; ++i) std::printf(" %d", static_cast<int8_t>(features[i]));
  std::printf("\n");
  for (int i = 0; i < 4; ++i) {
    const int q = static_cast<int8_t>(scores[0][i]);
    std::printf("score %-8s q=%4d  %.4f\n", kLabels[i], q, o.scale * static_cast<float>(q + o.offset));
    if (q > static_cast<int8_t>(scores[0][best])) best = i;
  }
  std::printf("label: %s\n", kLabels[best]);
  return 0;
}
