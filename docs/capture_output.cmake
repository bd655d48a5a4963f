# cmake -DPROGRAM=<program> -DARGS=<a|b|...> -DEXIT_CODE=<code> -DOUTPUT=<file>
#       -P capture_output.cmake
# Runs a program on the CPU emulator and saves what it printed (standard output, then standard
# error); fails unless it exits with EXIT_CODE, so a captured output is always what the code does.
string(REPLACE "|" ";" ARGS "${ARGS}")
execute_process(COMMAND "${PROGRAM}" ${ARGS} --backend emulator
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc STREQUAL "${EXIT_CODE}")
  message(FATAL_ERROR "${PROGRAM} ${ARGS} --backend emulator exited with ${rc}, "
    "expected ${EXIT_CODE}:\n${out}${err}")
endif()
file(WRITE "${OUTPUT}" "${out}${err}")
