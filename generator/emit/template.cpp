#include "generator/emit/template.hpp"

#include <optional>
#include <set>
#include <utility>

#include "generator/file_text.hpp"

namespace fairygen::emit {

Template Template::load(const std::string& path) {
  std::optional<std::string> text = read_whole_file(path);
  if (!text) throw TemplateError(path + ": error: cannot open template");
  return Template(std::move(*text), path);
}

std::string Template::render(const std::map<std::string, std::string>& values) const {
  std::string out;
  std::set<std::string> used;
  int line = 1;
  for (std::size_t i = 0; i < text_.size(); ++i) {
    const char ch = text_[i];
    if (ch == '\n') ++line;
    if (ch != '$') {
      out += ch;
      continue;
    }
    const std::size_t end = text_.find('$', i + 1);
    if (end == std::string::npos)
      throw TemplateError(name_ + ":" + std::to_string(line) + ": error: unterminated '$' placeholder");
    const std::string name = text_.substr(i + 1, end - i - 1);
    if (name.empty()) {
      out += '$';
    } else {
      if (name.find('\n') != std::string::npos)
        throw TemplateError(name_ + ":" + std::to_string(line) + ": error: unterminated '$' placeholder");
      const auto it = values.find(name);
      if (it == values.end())
        throw TemplateError(name_ + ":" + std::to_string(line) + ": error: unknown placeholder $" + name + "$");
      out += it->second;
      used.insert(name);
    }
    i = end;
  }
  for (const auto& [name, value] : values)
    if (!used.count(name)) throw TemplateError(name_ + ": error: value for $" + name + "$ is never used");
  return out;
}

}  // namespace fairygen::emit
