#include "config/input_list.h"

#include <sstream>

#include "config/file_io.h"

namespace lpai {
namespace host {

std::vector<std::string> input_list_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream list(text);
  for (std::string line; std::getline(list, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

HostStatus parse_input_list_line(const std::string& line,
                                 const std::vector<std::string>& input_names,
                                 const std::string& base_dir, std::vector<std::string>* files) {
  std::istringstream in(line);
  std::string tok;
  std::vector<std::string> positional;
  files->assign(input_names.size(), "");
  while (in >> tok) {
    const size_t sep = tok.find(":=");
    std::string path = sep == std::string::npos ? tok : tok.substr(sep + 2);
    if (!path.empty() && path[0] != '/' && !base_dir.empty() && !exists_noexcept(path))
      path = base_dir + "/" + path;
    if (sep == std::string::npos) {
      positional.push_back(path);
      continue;
    }
    const std::string name = tok.substr(0, sep);
    size_t k = 0;
    while (k < input_names.size() && input_names[k] != name) ++k;
    if (k == input_names.size()) {
      return HostStatus::fail("no graph input named '" + printable(name) + "'");
    }
    if (!(*files)[k].empty()) {
      return HostStatus::fail("graph input '" + printable(name) + "' is named twice");
    }
    if (path.empty()) {
      return HostStatus::fail("graph input '" + printable(name) + "' has an empty path");
    }
    (*files)[k] = path;
  }
  size_t next = 0;
  for (std::string& f : *files) {
    if (!f.empty()) continue;
    if (next == positional.size()) {
      return HostStatus::fail("expected " + std::to_string(input_names.size()) + " input files");
    }
    f = positional[next++];
  }
  if (next != positional.size()) {
    return HostStatus::fail("expected " + std::to_string(input_names.size()) + " input files, got more");
  }
  return HostStatus::success();
}

namespace {

bool keeps(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == ':' || c == '+' || c == '=' || c == ',' || c == '@' || c == '-';
}

}  // namespace

std::vector<std::string> output_file_names(const std::vector<std::string>& tensor_names) {
  static const char kHex[] = "0123456789ABCDEF";
  constexpr size_t kNameMax = 255, kCut = 200;
  std::vector<std::string> names;
  for (size_t j = 0; j < tensor_names.size(); ++j) {
    std::string stem;
    for (const char ch : tensor_names[j]) {
      const unsigned char c = static_cast<unsigned char>(ch);
      if (keeps(c)) {
        stem += ch;
      } else {
        stem += '%';
        stem += kHex[c >> 4];
        stem += kHex[c & 0xF];
      }
    }
    if (tensor_names[j].empty()) stem = "output";
    bool unique = stem.size() + 4 <= kNameMax;
    for (const std::string& n : names)
      if (n == stem + ".raw") unique = false;
    if (!unique) {
      // The index suffix needs room: cut to kCut bytes first (never inside a %XX escape; '%'
      // only ever starts one), so stem~j.raw stays within NAME_MAX.
      if (stem.size() > kCut) {
        stem.resize(kCut);
        if (stem[stem.size() - 1] == '%') stem.resize(stem.size() - 1);
        else if (stem[stem.size() - 2] == '%') stem.resize(stem.size() - 2);
      }
      stem += "~" + std::to_string(j);
    }
    names.push_back(stem + ".raw");
  }
  return names;
}

}  // namespace host
}  // namespace lpai
