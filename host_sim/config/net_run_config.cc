#include "config/net_run_config.h"

#include <nlohmann/json.hpp>

#include "config/file_io.h"
#include "core/log.h"

namespace lpai {
namespace host {
namespace {

using nlohmann::json;

HostStatus read_json(const std::string& path, json* out) {
  std::string text;
  if (!exists_noexcept(path)) {
    return HostStatus::fail("cannot open config file " + printable(path));
  }
  if (HostStatus st = read_file_text(path, "config file", kMaxConfigFileBytes, &text); !st.ok()) {
    return st;
  }
  try {
    *out = json::parse(text);
  } catch (const json::parse_error& e) {
    return HostStatus::fail("config file " + printable(path) +
                            " is not valid JSON: " + printable(e.what()));
  } catch (const json::exception& e) {
    // out_of_range (a number such as 1e400), type errors and the rest of the library's errors.
    return HostStatus::fail("config file " + printable(path) + ": " + printable(e.what()));
  } catch (const std::bad_alloc&) {
    return HostStatus::fail("config file " + printable(path) + ": out of memory while parsing");
  }
  return HostStatus::success();
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

// Fetches an optional member of the expected JSON type; a failure on a type clash.
template <typename T>
HostStatus optional_member(const json& obj, const char* key, const std::string& where, T* out) {
  if (!obj.is_object() || !obj.contains(key)) return HostStatus::success();
  const json& v = obj.at(key);
  try {
    *out = v.get<T>();
  } catch (const json::exception&) {
    return HostStatus::fail(where + "." + key + " has the wrong type");
  }
  return HostStatus::success();
}

}  // namespace

QnnLpaiMem_MemType_t parse_mem_type(const std::string& value) {
  if (value == "ddr") return QNN_LPAI_MEM_TYPE_DDR;
  if (value == "tcm") return QNN_LPAI_MEM_TYPE_TCM;
  LPAI_LOG_ERROR("Invalid memory type");
  return QNN_LPAI_MEM_TYPE_UNDEFINED;
}

HostStatus parse_backend_extension_config(const std::string& conf_path, NetRunConfig* out) {
  json conf;
  if (HostStatus st = read_json(conf_path, &conf); !st.ok()) return st;
  if (!conf.is_object()) {
    return HostStatus::fail("config file " + conf_path + ": top level must be an object");
  }
  json execute = json::object();
  if (conf.contains("lpai_graph")) {
    const json& graph = conf.at("lpai_graph");
    if (!graph.is_object()) {
      return HostStatus::fail(conf_path + ": lpai_graph must be an object");
    }
    if (graph.contains("execute")) execute = graph.at("execute");
    if (!execute.is_object()) {
      return HostStatus::fail(conf_path + ": lpai_graph.execute must be an object");
    }
  }
  std::string mem_type;
  if (HostStatus st = optional_member(execute, "mem_type", "lpai_graph.execute", &mem_type);
      !st.ok()) {
    return st;
  }
  NetRunConfig result = *out;
  result.config_file_path = conf_path;
  // Absent: DDR. Present: "ddr" or "tcm"; anything else (also "") is an invalid memory type.
  result.mem_type =
      execute.contains("mem_type") ? parse_mem_type(mem_type) : QNN_LPAI_MEM_TYPE_DDR;
  *out = result;
  return HostStatus::success();
}

HostStatus load_net_run_config(const std::string& json_path, NetRunConfig* out) {
  json root;
  if (HostStatus st = read_json(json_path, &root); !st.ok()) return st;
  if (!root.is_object()) {
    return HostStatus::fail("config file " + json_path + ": top level must be an object");
  }
  NetRunConfig result;
  json ext = root.contains("backend_extensions") ? root.at("backend_extensions") : json::object();
  json ctx = root.contains("context_configs") ? root.at("context_configs") : json::object();
  if (!ext.is_object() || !ctx.is_object()) {
    return HostStatus::fail(json_path + ": backend_extensions and context_configs must be objects");
  }
  std::string conf_path;
  if (HostStatus st = optional_member(ext, "shared_library_path", "backend_extensions",
                                      &result.shared_library_path);
      !st.ok()) {
    return st;
  }
  if (HostStatus st = optional_member(ext, "config_file_path", "backend_extensions", &conf_path);
      !st.ok()) {
    return st;
  }
  if (HostStatus st = optional_member(ctx, "is_persistent_binary", "context_configs",
                                      &result.is_persistent_binary);
      !st.ok()) {
    return st;
  }
  if (!conf_path.empty()) {
    std::string resolved = conf_path;
    if (!file_exists(resolved)) resolved = dir_of(json_path) + "/" + base_of(conf_path);
    if (!file_exists(resolved)) {
      return HostStatus::fail("backend extension config " + printable(conf_path) + " not found (also looked for " + printable(resolved) + ")");
    }
    if (HostStatus st = parse_backend_extension_config(resolved, &result); !st.ok()) return st;
  }
  *out = result;
  return HostStatus::success();
}

}  // namespace host
}  // namespace lpai
