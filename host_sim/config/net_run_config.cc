#include "config/net_run_config.h"

#include <nlohmann/json.hpp>

#include "config/file_io.h"
#include "core/log.h"

namespace lpai {
namespace host {
namespace {

using nlohmann::json;

bool read_json(const std::string& path, json* out, std::string* error) {
  std::string text;
  if (!exists_noexcept(path)) {
    *error = "cannot open config file " + printable(path);
    return false;
  }
  if (!read_file_text(path, "config file", kMaxConfigFileBytes, &text, error)) return false;
  try {
    *out = json::parse(text);
  } catch (const json::parse_error& e) {
    *error = "config file " + printable(path) + " is not valid JSON: " + printable(e.what());
    return false;
  } catch (const json::exception& e) {
    // out_of_range (a number such as 1e400), type errors and the rest of the library's errors.
    *error = "config file " + printable(path) + ": " + printable(e.what());
    return false;
  } catch (const std::bad_alloc&) {
    *error = "config file " + printable(path) + ": out of memory while parsing";
    return false;
  }
  return true;
}

bool file_exists(const std::string& path) { return exists_noexcept(path); }

std::string dir_of(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Fetches an optional member of the expected JSON type; false (with *error) on a type clash.
template <typename T>
bool optional_member(const json& obj, const char* key, const std::string& where, T* out,
                     std::string* error) {
  if (!obj.is_object() || !obj.contains(key)) return true;
  const json& v = obj.at(key);
  try {
    *out = v.get<T>();
  } catch (const json::exception&) {
    *error = where + "." + key + " has the wrong type";
    return false;
  }
  return true;
}

}  // namespace

QnnLpaiMem_MemType_t parse_mem_type(const std::string& value) {
  if (value == "ddr") return QNN_LPAI_MEM_TYPE_DDR;
  if (value == "tcm") return QNN_LPAI_MEM_TYPE_TCM;
  LPAI_LOG_ERROR("Invalid memory type");
  return QNN_LPAI_MEM_TYPE_UNDEFINED;
}

bool parse_backend_extension_config(const std::string& conf_path, NetRunConfig* out,
                                    std::string* error) {
  json conf;
  if (!read_json(conf_path, &conf, error)) return false;
  if (!conf.is_object()) {
    *error = "config file " + conf_path + ": top level must be an object";
    return false;
  }
  json execute = json::object();
  if (conf.contains("lpai_graph")) {
    const json& graph = conf.at("lpai_graph");
    if (!graph.is_object()) {
      *error = conf_path + ": lpai_graph must be an object";
      return false;
    }
    if (graph.contains("execute")) execute = graph.at("execute");
    if (!execute.is_object()) {
      *error = conf_path + ": lpai_graph.execute must be an object";
      return false;
    }
  }
  std::string mem_type;
  if (!optional_member(execute, "mem_type", "lpai_graph.execute", &mem_type, error)) return false;
  NetRunConfig result = *out;
  result.config_file_path = conf_path;
  // Absent: DDR. Present: "ddr" or "tcm"; anything else (also "") is an invalid memory type.
  result.mem_type =
      execute.contains("mem_type") ? parse_mem_type(mem_type) : QNN_LPAI_MEM_TYPE_DDR;
  *out = result;
  return true;
}

bool load_net_run_config(const std::string& json_path, NetRunConfig* out, std::string* error) {
  json root;
  if (!read_json(json_path, &root, error)) return false;
  if (!root.is_object()) {
    *error = "config file " + json_path + ": top level must be an object";
    return false;
  }
  NetRunConfig result;
  json ext = root.contains("backend_extensions") ? root.at("backend_extensions") : json::object();
  json ctx = root.contains("context_configs") ? root.at("context_configs") : json::object();
  if (!ext.is_object() || !ctx.is_object()) {
    *error = json_path + ": backend_extensions and context_configs must be objects";
    return false;
  }
  std::string conf_path;
  if (!optional_member(ext, "shared_library_path", "backend_extensions",
                       &result.shared_library_path, error) ||
      !optional_member(ext, "config_file_path", "backend_extensions", &conf_path, error) ||
      !optional_member(ctx, "is_persistent_binary", "context_configs",
                       &result.is_persistent_binary, error)) {
    return false;
  }
  if (!conf_path.empty()) {
    std::string resolved = conf_path;
    if (!file_exists(resolved)) resolved = dir_of(json_path) + "/" + base_of(conf_path);
    if (!file_exists(resolved)) {
      *error = "backend extension config " + printable(conf_path) +
               " not found (also looked for " + printable(resolved) + ")";
      return false;
    }
    if (!parse_backend_extension_config(resolved, &result, error)) return false;
  }
  *out = result;
  return true;
}

}  // namespace host
}  // namespace lpai
