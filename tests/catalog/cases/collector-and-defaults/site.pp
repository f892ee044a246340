@package { 'pa': }
Package { ensure => '1.0' }
Package <| title == 'pa' |>
package { 'pb': }
