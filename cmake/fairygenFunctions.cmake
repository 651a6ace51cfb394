# fairygen_add_variant(<target> SPEC <file.yaml> [VARIANTS <key>...])
#
# Generates the move-generation module of every variant <file.yaml> declares at build time
# (again whenever the spec, the templates or fairygen change), compiles them against
# fairygen::runtime into the static library <target>_fairygen, and links that into <target>
# (PRIVATE). The program then finds its variants by key: fairy::find_compiled("key")
# (runtime/registry.hpp). One call per executable: each call generates a registry.
#
# VARIANTS lists the keys the spec declares (fairygen checks that they match, as the fairygen
# build does with FAIRY_VARIANTS). Without it the keys are read from the spec at configure time
# (fairygen --list-variants), and editing the spec re-runs the configure step.
# A spec with errors fails the build (or the configure step, for a spec that is not even
# well-formed YAML of the right shape) with fairygen's file:line:column message.
function(fairygen_add_variant target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "SPEC" "VARIANTS")
  set(usage "usage: fairygen_add_variant(<target> SPEC <file.yaml> [VARIANTS <key>...])")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "fairygen_add_variant(${target}): unknown arguments '${arg_UNPARSED_ARGUMENTS}'; ${usage}")
  endif()
  if(NOT arg_SPEC)
    message(FATAL_ERROR "fairygen_add_variant(${target}): SPEC <file.yaml> is missing; ${usage}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "fairygen_add_variant(${target}): no target '${target}' (create it first, e.g. add_executable)")
  endif()
  if(TARGET ${target}_fairygen)
    message(FATAL_ERROR "fairygen_add_variant(${target}): called twice for '${target}' (put every variant in one spec)")
  endif()
  get_filename_component(spec "${arg_SPEC}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${spec}" OR IS_DIRECTORY "${spec}")
    message(FATAL_ERROR "fairygen_add_variant(${target}): spec '${arg_SPEC}' not found (${spec})")
  endif()

  get_target_property(generator fairygen::fairygen LOCATION)
  set(keys ${arg_VARIANTS})
  if(NOT keys)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${spec}")
    execute_process(COMMAND "${generator}" --spec "${spec}" --list-variants
                    OUTPUT_VARIABLE listed ERROR_VARIABLE error RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "fairygen_add_variant(${target}): fairygen cannot read the spec:\n${error}")
    endif()
    string(REGEX MATCHALL "[^\n]+" keys "${listed}")
    if(NOT keys)
      message(FATAL_ERROR "fairygen_add_variant(${target}): ${spec} declares no variants")
    endif()
  endif()

  set(out "${CMAKE_CURRENT_BINARY_DIR}/${target}_fairygen")
  set(modules)
  foreach(key IN LISTS keys)
    if(NOT key MATCHES "^[A-Za-z_][A-Za-z0-9_-]*$")
      message(FATAL_ERROR "fairygen_add_variant(${target}): '${key}' is no variant key")
    endif()
    list(APPEND modules "${out}/${key}.hpp" "${out}/${key}.cpp")
  endforeach()
  list(JOIN keys "," keys_csv)
  file(GLOB templates CONFIGURE_DEPENDS "${FAIRYGEN_TEMPLATE_DIR}/*.in")
  get_filename_component(spec_name "${spec}" NAME)
  # fairygen also writes perft test sources (for its own build): byproducts here.
  add_custom_command(
    OUTPUT ${modules} "${out}/registry.cpp"
    BYPRODUCTS "${out}/perft_tests.cpp" "${out}/perft_slow_tests.cpp"
    COMMAND fairygen::fairygen --spec "${spec}" --spec-name "${spec_name}" --templates "${FAIRYGEN_TEMPLATE_DIR}"
            --out "${out}" --variants "${keys_csv}"
    DEPENDS "${spec}" ${templates} "${generator}"
    COMMENT "fairygen: generating ${keys_csv} from ${spec_name}"
    VERBATIM)

  add_library(${target}_fairygen STATIC ${modules} "${out}/registry.cpp" "${FAIRYGEN_REGISTRY_SOURCE}")
  target_include_directories(${target}_fairygen PUBLIC "${out}")
  target_link_libraries(${target}_fairygen PUBLIC fairygen::runtime)
  target_link_libraries(${target} PRIVATE ${target}_fairygen)
endfunction()
