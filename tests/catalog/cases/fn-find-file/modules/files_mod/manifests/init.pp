class files_mod {
}
