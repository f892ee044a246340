class svc(Mytypes::Endpoint $ep, Array[Mytypes::Port] $extra = []) {
  notify { 'endpoint': message => [$ep, $extra, $ep =~ Mytypes::Endpoint] }
}
class { 'svc': ep => { 'host' => 'db', 'port' => 5432 }, extra => [1, 2] }
