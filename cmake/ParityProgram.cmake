# parity_program(TARGET SUMMARY [COMMAND...]): an installed program. It is
# installed to the binary folder with its man page (section 6, games),
# which is made from its --help (and each COMMAND's `--help`) at every
# build, and it joins the `programs` target, which builds what
# `cmake --install` installs.
function(parity_program target summary)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}.6.gz)
  list(JOIN ARGN "," commands)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${target}> -DNAME=${target} -DSECTION=6
            -DVERSION=${PROJECT_VERSION} -DSUMMARY=${summary} -DCOMMANDS=${commands} -DOUT=${out}
            -P ${PROJECT_SOURCE_DIR}/cmake/man-page.cmake
    DEPENDS ${target} ${PROJECT_SOURCE_DIR}/cmake/man-page.cmake
    COMMENT "Man page of ${target}" VERBATIM)
  add_custom_target(${target}-man ALL DEPENDS ${out})
  add_dependencies(programs ${target} ${target}-man)
  if(PARITY_LTO_LINK)
    target_link_options(${target} PRIVATE ${PARITY_LTO_LINK})
  endif()
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${out} DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
endfunction()
