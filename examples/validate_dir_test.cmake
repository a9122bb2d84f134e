# ctest example_validate_dir: EXAMPLE DIR [JOBS] against BEYT validate [-j JOBS] FILE...
file(GLOB_RECURSE files LIST_DIRECTORIES false
     ${DIR}/*.beyt ${DIR}/*.txt ${DIR}/*.json ${DIR}/*.jsonl ${DIR}/*.xml)
list(SORT files)
list(LENGTH files count)
if(count LESS 10)
  message(FATAL_ERROR "only ${count} record files under ${DIR}")
endif()
foreach(jobs "" 1 2)
  set(j)
  if(jobs)
    set(j -j ${jobs})
  endif()
  execute_process(COMMAND ${EXAMPLE} ${DIR} ${jobs} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  execute_process(COMMAND ${BEYT} validate ${j} ${files} OUTPUT_VARIABLE want_out ERROR_VARIABLE want_err
                  RESULT_VARIABLE want_rc)
  if(NOT out STREQUAL want_out OR NOT err STREQUAL want_err OR NOT rc STREQUAL want_rc)
    message(FATAL_ERROR "validate_dir ${DIR} ${jobs} differs from beyt validate ${j} on ${count} files:\n"
                        "exit ${rc} against ${want_rc}\nstandard error:\n${err}against\n${want_err}"
                        "standard output differs")
  endif()
  if(NOT want_err MATCHES "^beyt validate: ${count} inputs, " OR NOT want_out MATCHES "error\\[E304\\]")
    message(FATAL_ERROR "unexpected report of beyt validate ${j}:\n${want_err}")
  endif()
endforeach()
