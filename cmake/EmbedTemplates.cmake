# opgen_embed_templates(<dir> <out.inc>)
# Embeds every file under <dir> into <out.inc> as entries
#   {"relative/name", R"opgen_tpl(...contents...)opgen_tpl"},
# regenerated whenever a template changes.
function(opgen_embed_templates dir out)
  file(GLOB_RECURSE templates CONFIGURE_DEPENDS RELATIVE ${dir} ${dir}/*)
  list(SORT templates)
  set(abs_templates "")
  foreach(t ${templates})
    list(APPEND abs_templates ${dir}/${t})
  endforeach()
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DTEMPLATE_DIR=${dir} -DOUTPUT=${out}
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedTemplatesScript.cmake
    DEPENDS ${abs_templates} ${PROJECT_SOURCE_DIR}/cmake/EmbedTemplatesScript.cmake
    COMMENT "Embedding opgen templates"
    VERBATIM)
  add_custom_target(opgen_templates DEPENDS ${out})
endfunction()
