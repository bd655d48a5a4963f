# cmake -DPROGRAM=<program> -DARGS=<a|b|...> -DEXIT_CODE=<code> -DOUTPUT=<file>
#       [-DBACKEND=emulator|none] -P capture_output.cmake
# Runs a program on the CPU emulator (a sample with `--backend emulator`; with BACKEND none, a
# whole program built for the emulator, as it is) and saves what it printed (standard output,
# then standard error); fails unless it exits with EXIT_CODE, so a captured output is always
# what the code does.
string(REPLACE "|" ";" ARGS "${ARGS}")
if(NOT BACKEND STREQUAL "none")
  list(APPEND ARGS --backend emulator)
endif()
execute_process(COMMAND "${PROGRAM}" ${ARGS}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc STREQUAL "${EXIT_CODE}")
  message(FATAL_ERROR "${PROGRAM} ${ARGS} exited with ${rc}, expected ${EXIT_CODE}:\n${out}${err}")
endif()
file(WRITE "${OUTPUT}" "${out}${err}")
