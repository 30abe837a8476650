// Plan report (text, JSON) and SVG picture. See report.h.
#include "prepare/report.h"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <sstream>
#include <vector>

#include "nlohmann/json.hpp"

namespace lpai {
namespace prepare {
namespace {

// One row of the placement table (a graph tensor or a temp buffer).
struct Row {
  uint32_t binary_id;
  int model_index;  // -1 for a temp buffer
  std::string name;
  format::MemClass mem_class;
  uint64_t offset, size;
  int first, last;
  int alias_of;
  bool temp;
  int in_place_of;  // the storage root an in-place output was written over, or -1
  size_t form;  // temp: 0 = the kernel's preferred form, k = its k-th leaner form
};

std::vector<Row> rows_of(const PrepareOutput& out) {
  std::vector<Row> rows;
  const PrepGraph& g = out.graph;
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (!out.plan.used[i]) continue;
    const Placement& p = out.plan.tensors[i];
    const int root = g.alias_root(static_cast<int>(i));
    const int in_place = i < g.in_place_of.size() ? g.in_place_of[i] : -1;
    rows.push_back({out.binary_id[i], static_cast<int>(i), g.tensors[i].name, p.mem_class,
                    p.offset, p.size, p.first_step, p.last_step,
                    root == static_cast<int>(i) ? -1 : root, false, in_place, 0});
  }
  for (size_t s = 0; s < out.temp_bytes.size(); ++s) {
    if (out.temp_bytes[s] == 0) continue;
    const Placement& p = out.plan.temps[s];
    rows.push_back({out.temp_binary_id[s], -1,
                    op_name(g.ops[s].builtin) + "_" + std::to_string(g.ops[s].node_index) + "_temp",
                    p.mem_class, p.offset, p.size, p.first_step, p.last_step, -1, true, -1,
                    s < out.temp_form.size() ? out.temp_form[s] : 0});
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.binary_id < b.binary_id; });
  return rows;
}

std::string xml_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    switch (c) {
      case '<': r += "&lt;"; break;
      case '>': r += "&gt;"; break;
      case '&': r += "&amp;"; break;
      case '"': r += "&quot;"; break;
      default:
        r += (static_cast<unsigned char>(c) < 0x20) ? '?' : c;
    }
  }
  return r;
}

}  // namespace

std::string report_text(const PrepareOutput& out, const std::string& model) {
  const MemoryPlan& p = out.plan;
  std::ostringstream s;
  s << "lpai-rt context binary plan report\n";
  s << "model:               " << model << "\n";
  s << "graph:               " << out.graph.name << "\n";
  s << "io_mem_type:         " << (out.options.io_memhandle ? "memhandle" : "raw") << "\n";
  s << "alignment:           " << out.options.start_alignment << ":" << out.options.size_alignment << "\n";
  s << "kernel_layout:       " << (out.options.kernel_layout == KernelLayout::kHvx ? "hvx" : "portable") << "\n";
  s << "temp_policy:         " << (out.options.temp_policy == TempPolicy::kMemory ? "memory" : "speed") << "\n";
  if (out.options.memory_budget != 0) s << "memory_budget:       " << out.options.memory_budget << "\n";
  s << "nodes:               " << out.graph.ops.size() << "\n";
  s << "scratch_bytes:       " << p.scratch_size << "\n";
  s << "scratch_lower_bound: " << p.scratch_lower_bound << "\n";
  s << "scratch_ratio:       " << std::fixed << std::setprecision(4) << p.ratio() << "\n";
  s << "persistent_bytes:    " << p.persistent_size << "\n";
  s << "const_bytes:         " << out.const_bytes << "\n";
  s << "io_bytes:            " << p.io_bytes << (out.options.io_memhandle ? " (outside scratch)\n" : " (in scratch)\n");
  s << "binary_bytes:        " << out.binary.size() << "\n";
  s << "planning_ms:         " << std::setprecision(3) << p.planning_ms << "\n";
  s << "strategy:            " << p.strategy << "\n";
  for (size_t k = 0; k < out.temp_form.size(); ++k) {  // kernels planned in a leaner form
    if (out.temp_form[k] == 0) continue;
    s << "leaner kernel form:  " << op_name(out.graph.ops[k].builtin) << "_"
      << out.graph.ops[k].node_index << " form " << out.temp_form[k] << ", "
      << out.temp_bytes[k] << " temp bytes\n";
  }
  for (const FoldedPad& f : out.folded_pads) s << "folded PAD:          " << describe_folded_pad(f) << "\n";
  for (const ConcatInViews& c : out.concats) {
    s << "concat in views:     " << describe_concat_views(out.graph, c) << "\n";
  }
  for (const InPlaceOp& op : out.in_place) {
    s << "in place:            " << describe_in_place(out.graph, op) << "\n";
  }
  for (const std::string& n : out.graph.compat_notes) s << "as TFLite Micro:     " << n << "\n";
  if (!out.tiling.empty()) {  // tiled stages (tiling.h): the budget needed them
    s << "tiled_from:          " << out.untiled_scratch << " bytes of scratch untiled\n";
    s << "tiled_macs:          " << out.macs << " (untiled " << out.macs_untiled << ", extra "
      << out.macs - out.macs_untiled << " = " << std::setprecision(2)
      << 100.0 * static_cast<double>(out.macs - out.macs_untiled) /
             static_cast<double>(out.macs_untiled == 0 ? 1 : out.macs_untiled)
      << "%)\n";
    for (const TileStageReport& t : out.tiling) {
      s << "tiled stage:         " << t.ops << ": " << t.bands << " bands of " << t.band_rows
        << " of " << t.out_rows << " output rows, peak " << t.peak_before << " -> "
        << t.peak_after << " bytes, MACs " << t.macs_before << " -> " << t.macs_after << " (+"
        << std::setprecision(2)
        << 100.0 * static_cast<double>(t.macs_after - t.macs_before) /
               static_cast<double>(t.macs_before == 0 ? 1 : t.macs_before)
        << "%)\n";
    }
  }
  s << "\n";
  s << "  id  index  class       offset       size  steps      name\n";
  for (const Row& r : rows_of(out)) {
    char line[160];
    std::string steps = r.mem_class == format::MemClass::kScratch
                            ? std::to_string(r.first) + "-" + std::to_string(r.last)
                            : "all";
    std::snprintf(line, sizeof(line), "%4u  %5d  %-10s %7llu %10llu  %-9s  ", r.binary_id,
                  r.model_index, mem_class_name(r.mem_class),
                  static_cast<unsigned long long>(r.offset), static_cast<unsigned long long>(r.size),
                  steps.c_str());
    s << line << r.name;
    if (r.alias_of >= 0) s << " (alias of tensor " << r.alias_of << ")";
    if (r.in_place_of >= 0) s << " (in place over tensor " << r.in_place_of << ")";
    if (r.temp) s << (r.form == 0 ? " (kernel temp)" : " (kernel temp, leaner form " + std::to_string(r.form) + ")");
    s << "\n";
  }
  return s.str();
}

std::string report_json(const PrepareOutput& out, const std::string& model) {
  const MemoryPlan& p = out.plan;
  nlohmann::ordered_json j;
  j["model"] = model;
  j["graph"] = out.graph.name;
  j["io_mem_type"] = out.options.io_memhandle ? "memhandle" : "raw";
  j["kernel_layout"] = out.options.kernel_layout == KernelLayout::kHvx ? "hvx" : "portable";
  j["temp_policy"] = out.options.temp_policy == TempPolicy::kMemory ? "memory" : "speed";
  j["memory_budget"] = out.options.memory_budget;
  j["start_alignment"] = out.options.start_alignment;
  j["size_alignment"] = out.options.size_alignment;
  j["nodes"] = out.graph.ops.size();
  j["scratch_bytes"] = p.scratch_size;
  j["scratch_lower_bound"] = p.scratch_lower_bound;
  j["scratch_ratio"] = p.ratio();
  if (!out.tiling.empty()) {
    j["tiling"]["untiled_scratch_bytes"] = out.untiled_scratch;
    j["tiling"]["macs"] = out.macs;
    j["tiling"]["macs_untiled"] = out.macs_untiled;
    nlohmann::ordered_json stages = nlohmann::ordered_json::array();
    for (const TileStageReport& t : out.tiling) {
      nlohmann::ordered_json st;
      st["ops"] = t.ops;
      st["band_rows"] = t.band_rows;
      st["bands"] = t.bands;
      st["output_rows"] = t.out_rows;
      st["peak_before"] = t.peak_before;
      st["peak_after"] = t.peak_after;
      st["macs_before"] = t.macs_before;
      st["macs_after"] = t.macs_after;
      stages.push_back(st);
    }
    j["tiling"]["stages"] = stages;
  }
  j["persistent_bytes"] = p.persistent_size;
  j["const_bytes"] = out.const_bytes;
  j["io_bytes"] = p.io_bytes;
  j["binary_bytes"] = out.binary.size();
  j["planning_ms"] = p.planning_ms;
  j["strategy"] = p.strategy;
  j["tflm_compat_notes"] = out.graph.compat_notes;
  nlohmann::ordered_json in_place = nlohmann::ordered_json::array();
  for (const InPlaceOp& op : out.in_place) in_place.push_back(describe_in_place(out.graph, op));
  j["in_place"] = std::move(in_place);
  nlohmann::ordered_json folded = nlohmann::ordered_json::array();
  for (const FoldedPad& f : out.folded_pads) folded.push_back(describe_folded_pad(f));
  j["folded_pads"] = std::move(folded);
  nlohmann::ordered_json concats = nlohmann::ordered_json::array();
  for (const ConcatInViews& c : out.concats) concats.push_back(describe_concat_views(out.graph, c));
  j["concats_in_views"] = std::move(concats);
  nlohmann::ordered_json tensors = nlohmann::ordered_json::array();
  for (const Row& r : rows_of(out)) {
    nlohmann::ordered_json t;
    t["id"] = r.binary_id;
    t["index"] = r.model_index;
    t["name"] = r.name;
    t["mem_class"] = mem_class_name(r.mem_class);
    t["offset"] = r.offset;
    t["size"] = r.size;
    if (r.mem_class == format::MemClass::kScratch) {
      t["first_step"] = r.first;
      t["last_step"] = r.last;
    }
    t["alias_of"] = r.alias_of;
    t["in_place_of"] = r.in_place_of;
    t["temp"] = r.temp;
    if (r.temp) t["leaner_form"] = r.form;
    tensors.push_back(std::move(t));
  }
  j["tensors"] = std::move(tensors);
  // Invalid UTF-8 in model names must not throw: replace it.
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string plan_svg(const PrepareOutput& out, const std::string& model) {
  const MemoryPlan& p = out.plan;
  const std::vector<Row> rows = rows_of(out);
  const int steps = std::max<int>(1, static_cast<int>(out.graph.ops.size()));
  const double plot_w = std::max(400.0, 60.0 * steps), plot_h = 480.0;
  const double left = 70, top = 50, side_w = 130, gap = 40;
  const double width = left + plot_w + 2 * (gap + side_w) + 20, height = top + plot_h + 60;
  const double scale_y = p.scratch_size ? plot_h / static_cast<double>(p.scratch_size) : 0.0;
  const double step_w = plot_w / steps;
  static const char* kColors[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3",
                                  "#fdb462", "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd"};
  std::ostringstream s;
  s << std::fixed << std::setprecision(1);
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" font-family=\"monospace\" font-size=\"10\">\n";
  s << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s << "<text x=\"" << left << "\" y=\"18\" font-size=\"13\">" << xml_escape(model) << " - scratch "
    << p.scratch_size << " B (lower bound " << p.scratch_lower_bound << " B, ratio "
    << std::setprecision(4) << p.ratio() << std::setprecision(1) << "), persistent "
    << p.persistent_size << " B, const " << out.const_bytes << " B, io "
    << (out.options.io_memhandle ? "memhandle" : "raw") << "</text>\n";
  // Scratch frame and axes.
  s << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << plot_w << "\" height=\""
    << plot_h << "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int st = 0; st < steps; ++st) {
    s << "<text x=\"" << left + (st + 0.5) * step_w << "\" y=\"" << top + plot_h + 14
      << "\" text-anchor=\"middle\">" << st << "</text>\n";
  }
  s << "<text x=\"" << left + plot_w / 2 << "\" y=\"" << top + plot_h + 30
    << "\" text-anchor=\"middle\">execution step</text>\n";
  s << "<text x=\"12\" y=\"" << top + plot_h / 2 << "\" transform=\"rotate(-90 12 "
    << top + plot_h / 2 << ")\" text-anchor=\"middle\">scratch offset (bytes)</text>\n";
  for (int k = 0; k <= 4; ++k) {
    const uint64_t off = p.scratch_size * static_cast<uint64_t>(k) / 4;
    s << "<text x=\"" << left - 4 << "\" y=\"" << top + off * scale_y + 4
      << "\" text-anchor=\"end\">" << off << "</text>\n";
  }
  // Scratch buffers (alias groups drawn once, through their root).
  size_t color = 0;
  for (const Row& r : rows) {
    if (r.mem_class != format::MemClass::kScratch || r.alias_of >= 0 || r.in_place_of >= 0) continue;
    const double x = left + r.first * step_w + 1;
    const double w = (r.last - r.first + 1) * step_w - 2;
    const double y = top + r.offset * scale_y;
    const double h = std::max(1.0, r.size * scale_y);
    std::string label = r.name;
    for (const Row& a : rows) {
      if (a.alias_of == r.model_index && r.model_index >= 0) label += " = " + a.name;
    }
    s << "<g><title>" << xml_escape(label) << ": offset " << r.offset << ", " << r.size
      << " B, steps " << r.first << "-" << r.last << "</title>";
    s << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
      << "\" fill=\"" << (r.temp ? "#cccccc" : kColors[color++ % 10])
      << "\" stroke=\"black\" stroke-width=\"0.5\"/>";
    s << "<text x=\"" << x + 2 << "\" y=\"" << y + std::min(h, 12.0) - 2 << "\">"
      << xml_escape(label.substr(0, static_cast<size_t>(std::max(4.0, w / 6.5)))) << "</text></g>\n";
  }
  // Persistent and const columns beside the scratch plot.
  auto column = [&](format::MemClass cls, const char* title, double x0) {
    uint64_t total = 0;
    std::vector<const Row*> items;
    for (const Row& r : rows) {
      if (r.mem_class == cls) {
        items.push_back(&r);
        total = std::max(total, cls == format::MemClass::kPersistent ? r.offset + r.size : total + r.size);
      }
    }
    s << "<text x=\"" << x0 << "\" y=\"" << top - 6 << "\">" << title << " (" << total
      << " B)</text>\n";
    s << "<rect x=\"" << x0 << "\" y=\"" << top << "\" width=\"" << side_w << "\" height=\""
      << plot_h << "\" fill=\"none\" stroke=\"black\"/>\n";
    if (total == 0) return;
    const double sy = plot_h / static_cast<double>(total);
    uint64_t cursor = 0;
    for (const Row* r : items) {
      const uint64_t off = cls == format::MemClass::kPersistent ? r->offset : cursor;
      cursor += r->size;
      const double y = top + off * sy, h = std::max(1.0, r->size * sy);
      s << "<g><title>" << xml_escape(r->name) << ": " << r->size << " B</title><rect x=\"" << x0
        << "\" y=\"" << y << "\" width=\"" << side_w << "\" height=\"" << h
        << "\" fill=\"" << (cls == format::MemClass::kPersistent ? "#fb8072" : "#d9d9d9")
        << "\" stroke=\"black\" stroke-width=\"0.3\"/>";
      if (h >= 9) {
        s << "<text x=\"" << x0 + 2 << "\" y=\"" << y + std::min(h, 12.0) - 2 << "\">"
          << xml_escape(r->name.substr(0, 20)) << "</text>";
      }
      s << "</g>\n";
    }
  };
  column(format::MemClass::kPersistent, "persistent", left + plot_w + gap);
  column(format::MemClass::kConst, "const", left + plot_w + gap + side_w + gap);
  s << "</svg>\n";
  return s.str();
}

}  // namespace prepare
}  // namespace lpai
