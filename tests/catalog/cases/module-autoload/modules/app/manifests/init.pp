class app($version = '1.0') {
  contain app::install
  contain app::service
  Class['app::install'] -> Class['app::service']
}
