# add_docs_capture(<name>
#   PROGRAM <target>            the program to run (on the CPU emulator: `--backend emulator`
#                               is added)
#   [ARGS <argument>...]        its arguments
#   [EXIT_CODE <code>]          the exit code it must end with (default 0)
#   [WHOLE_PROGRAM])            a whole CUDA program built for the emulator (simt_add_executable):
#                               it always runs there, and takes no --backend
# Records a run for the docs target: before Sphinx runs, the docs build runs the program and saves
# what it printed (standard output and error) as <name>.txt, and a page shows it with
# `{sample-output} <name>`. The build fails if the program ends with another exit code, so a page
# can show a failure (a refused option, a bug the emulator reports) that cannot go stale.
function(add_docs_capture name)
  if(TUTORIAL_WASM)
    return()  # the docs are the native build's
  endif()
  cmake_parse_arguments(PARSE_ARGV 1 arg "WHOLE_PROGRAM" "PROGRAM;EXIT_CODE" "ARGS")
  if(NOT arg_PROGRAM)
    message(FATAL_ERROR "add_docs_capture(${name}): PROGRAM is required")
  endif()
  if(NOT DEFINED arg_EXIT_CODE)
    set(arg_EXIT_CODE 0)
  endif()
  set_property(GLOBAL APPEND PROPERTY TUTORIAL_DOCS_CAPTURES ${name})
  set_property(GLOBAL PROPERTY TUTORIAL_DOCS_CAPTURE_${name}_PROGRAM ${arg_PROGRAM})
  set_property(GLOBAL PROPERTY TUTORIAL_DOCS_CAPTURE_${name}_ARGS "${arg_ARGS}")
  set_property(GLOBAL PROPERTY TUTORIAL_DOCS_CAPTURE_${name}_EXIT_CODE ${arg_EXIT_CODE})
  set(backend emulator)
  if(arg_WHOLE_PROGRAM)
    set(backend none)
  endif()
  set_property(GLOBAL PROPERTY TUTORIAL_DOCS_CAPTURE_${name}_BACKEND ${backend})
endfunction()
